import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { defaultAuthPlugins, defaultAuthTypes } from "./default-auth-plugins";

// A mode lives in its own package: after issue 23 no other source file names it, except this package (the list that
// registers the built-ins) and the docs (READMEs, comments). The apps and libraries build every input from the plugins' declarations.
const root = fileURLToPath(new URL("../../../", import.meta.url));

/** The package that owns each built-in mode. */
const ownPackage: Record<(typeof defaultAuthTypes)[number], string> = {
  bearer: "packages/auth-bearer",
  header: "packages/auth-header",
  query: "packages/auth-query",
  basic: "packages/auth-basic",
  oauth2: "packages/auth-oauth2",
  digest: "packages/auth-digest",
  "aws-sigv4": "packages/auth-aws-sigv4",
  "multi-header": "packages/auth-multi-header",
};

/** The same word in another vocabulary, where it is not the mode, with why. */
const otherMeanings: { file: string; type: string; why: string }[] = [
  {
    file: "packages/openapi/src/index/build-operation-index.ts",
    type: "oauth2",
    why: "OpenAPI's security scheme type \"oauth2\" (the document's word, read before any plugin is asked)",
  },
  {
    file: "packages/openapi/src/search/query-vocabulary.ts",
    type: "digest",
    why: 'operation search\'s word for a `sha256:` value, a content digest ("attestations by subject digest"), not the auth mode',
  },
  {
    file: "apps/server/src/hosted-oauth/discover-identity-provider.ts",
    type: "oauth2",
    why: 'oauth4webapi\'s discovery algorithm "oauth2" (RFC 8414 metadata for --oauth-issuer), not the source auth mode',
  },
];

/** Words that are also ordinary HTTP words ("header", "query"): only their use as an auth type counts. */
const commonWords = new Set(["bearer", "header", "query", "basic"]);

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The patterns that name `type` as an auth mode. */
function patternsOf(type: string): RegExp[] {
  const word = escape(type);
  const asAuthType = [
    new RegExp(`authType\\W{1,8}["'\`]${word}["'\`]`),
    new RegExp(`--auth[ =]${word}\\b`),
    new RegExp(`["'\`]${word}["'\`]\\s*[:=]{0,2}\\s*authType`),
  ];
  return commonWords.has(type) ? asAuthType : [...asAuthType, new RegExp(`["'\`]${word}["'\`]`)];
}

/** A comment line is documentation (an example, OpenAPI's own words), not code that knows a mode. */
const isComment = (line: string): boolean => /^\s*(\/\/|\/\*|\*)/.test(line);

/** Every source file of the apps and libraries, tests and docs left out. */
async function sourceFiles(): Promise<string[]> {
  const files: string[] = [];
  for (const group of ["apps", "packages"]) {
    for (const entry of await readdir(join(root, group), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const source = join(root, group, entry.name, "src");
      const found = await readdir(source, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const file of found) {
        if (!file.isFile() || !/\.(ts|tsx|js|mjs)$/.test(file.name) || /\.test(-d)?\.tsx?$/.test(file.name)) continue;
        const path = relative(root, join(file.parentPath, file.name));
        if (path.includes("/generated/") || path.includes("/testing/") || path.includes("node_modules")) continue;
        files.push(path);
      }
    }
  }
  return files;
}

describe("each built-in mode is named only by its own package and the list that registers it", () => {
  it("the registered types are the plugins' own", () => {
    expect(defaultAuthPlugins().map((plugin) => plugin.type)).toEqual([...defaultAuthTypes]);
  });

  it.each([...defaultAuthTypes])("no other source file names %s", async (type) => {
    const files = await sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      if (file.startsWith(`${ownPackage[type]}/`) || file.startsWith("packages/auth-presets/")) continue;
      if (otherMeanings.some((meaning) => meaning.file === file && meaning.type === type)) continue;
      const lines = (await readFile(join(root, file), "utf8")).split("\n");
      for (const [index, line] of lines.entries())
        if (!isComment(line) && patternsOf(type).some((pattern) => pattern.test(line)))
          offenders.push(`${file}:${index + 1}: ${line.trim().slice(0, 160)}`);
    }
    expect(offenders).toEqual([]);
  });
});
