import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describeAuthFields, type AnyAuthPluginV2 as AnyAuthPlugin } from "@src/auth";
import { runAuthorize } from "@src/auth/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_ERROR_CODES } from "../errors/service-error";
import { loadAuthPlugins } from "./load-auth-plugins";
import { AuthPluginLoadError } from "../load-auth-plugins-error";

/** A plain-JS plugin body (no zod in the temp dir: schemas are objects with `safeParse`). */
const pluginSource = (type: string, extra = ""): string => `({
  specificationVersion: "v2",
  type: ${JSON.stringify(type)},
  description: "test plugin ${type}",
  configSchema: { safeParse: (value) => ({ success: true, data: value }) },
  credentialSchema: { safeParse: (value) => ({ success: true, data: value }) },
  placement: () => ({ headers: ["x-${type}"], query: [] }),
  async authorize(request, { credential }) { request.headers.set("x-${type}", credential.secret); },
  secretValues: (credential) => [credential.secret],
  describePlacement: () => "header x-${type}",
  ${extra}
})`;

const modules: Record<string, string> = {
  "default-object.mjs": `export default ${pluginSource("object-one")};`,
  "default-factory.mjs": `export default function createIt() { return ${pluginSource("factory-one")}; }`,
  "named-factories.mjs": `export function createAlphaAuth() { return ${pluginSource("alpha")}; }
export function createBetaAuth() { return ${pluginSource("beta")}; }
export function createHelper() { return 1; }
export const createGammaAuth = "not a function";`,
  "nested/relative.mjs": `export default ${pluginSource("relative")};`,
  "nothing.mjs": `export const version = 1; export function helper() {}`,
  "syntax-error.mjs": `export default {`,
  "wrong-version.mjs": `export default ${pluginSource("v3-plugin", 'specificationVersion: "v3",')};`,
  "no-authorize.mjs": `export default ${pluginSource("no-authorize", "authorize: undefined,")};`,
  "v1-plugin.mjs": `export default ${pluginSource("old", 'specificationVersion: "v1",')};`,
  "bad-type.mjs": `export default ${pluginSource("Upper Case")};`,
  "throwing-factory.mjs": `export function createBrokenAuth() { throw new Error("needs a region"); }`,
  "settings.env": "API_KEY=sk_live_FAKEdotenvSECRET123\n",
  "leaky-module.mjs": `throw new Error("DB_PASSWORD=pw_FAKEenvSECRET789");`,
  "default-string.mjs": `export default "hello";`,
};

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "src-auth-plugins-"));
  await mkdir(join(directory, "nested"));
  for (const [name, text] of Object.entries(modules)) await writeFile(join(directory, name), text);
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe("loadAuthPlugins: what a module may export", () => {
  const rows: { why: string; specifier: () => string; types: string[] }[] = [
    {
      why: "a default export that is a plugin",
      specifier: () => join(directory, "default-object.mjs"),
      types: ["object-one"],
    },
    {
      why: "a default export that is a no-argument factory",
      specifier: () => join(directory, "default-factory.mjs"),
      types: ["factory-one"],
    },
    {
      why: "every function named create...Auth, in export order; other exports ignored",
      specifier: () => join(directory, "named-factories.mjs"),
      types: ["alpha", "beta"],
    },
    { why: "a relative path is resolved from `from`", specifier: () => "./nested/relative.mjs", types: ["relative"] },
    {
      why: "a file: URL",
      specifier: () => pathToFileURL(join(directory, "default-object.mjs")).href,
      types: ["object-one"],
    },
  ];
  it.each(rows)("$why", async ({ specifier, types }) => {
    const plugins = await loadAuthPlugins([specifier()], { from: directory });
    expect(plugins.map((plugin) => plugin.type)).toEqual(types);
  });

  it("keeps the order of the specifiers, and the plugins work", async () => {
    const plugins = await loadAuthPlugins([join(directory, "named-factories.mjs"), "./default-object.mjs"], {
      from: directory,
    });
    expect(plugins.map((plugin) => plugin.type)).toEqual(["alpha", "beta", "object-one"]);
    const request = { method: "GET", url: new URL("http://127.0.0.1/x"), headers: new Headers() };
    await runAuthorize(plugins[2] as AnyAuthPlugin, request, { config: {}, credential: { secret: "s3" } });
    expect(request.headers.get("x-object-one")).toBe("s3");
  });

  it("an empty list loads nothing", async () => {
    expect(await loadAuthPlugins([])).toEqual([]);
  });

  it("resolves a package name from `from`: @src/example-auth-hmac from this package", async () => {
    const from = fileURLToPath(new URL("..", import.meta.url));
    const [plugin, ...rest] = await loadAuthPlugins(["@src/example-auth-hmac"], { from });
    expect(rest).toEqual([]);
    expect(plugin?.type).toBe("hmac");
    expect(describeAuthFields(plugin!).credential.map((field) => field.name)).toEqual(["secret"]);
    const request = { method: "GET", url: new URL("http://127.0.0.1/v1/items"), headers: new Headers() };
    await runAuthorize(plugin!, request, { config: { keyId: "k1" }, credential: { secret: "shh" } });
    expect(request.headers.get("x-key-id")).toBe("k1");
    expect(request.headers.get("x-signature")).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("loadAuthPlugins: errors name the specifier and what to do", () => {
  const rows: { why: string; specifier: string; code: string; says: RegExp }[] = [
    {
      why: "a missing file",
      specifier: "./missing.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_FOUND,
      says: /no file at .*missing\.mjs; install the package or fix the path/,
    },
    {
      why: "a package that is not installed",
      specifier: "@acme/not-installed-auth",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_FOUND,
      says: /no package of that name can be resolved from/,
    },
    {
      why: "a module that does not parse",
      specifier: "./syntax-error.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_LOAD_FAILED,
      says: /importing file:.*failed .*check that it is built ES module JavaScript/,
    },
    {
      why: "a module without a plugin export",
      specifier: "./nothing.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_EXPORTED,
      says: /exports no plugin; export a plugin or a no-argument factory as default, or a function named create<Name>Auth/,
    },
    {
      why: "a default export that is neither plugin nor factory",
      specifier: "./default-string.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_EXPORTED,
      says: /exports no plugin/,
    },
    {
      why: "another contract version",
      specifier: "./wrong-version.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
      says: /default is not an auth plugin \(the contract, v2\): specificationVersion is "v3"; this version of src supports "v2"/,
    },
    {
      why: "a plugin of the removed contract v1",
      specifier: "./v1-plugin.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
      says: /specificationVersion is "v1"; this version of src supports "v2" \(contract v1 was removed: replace apply with placement and an async authorize/,
    },
    {
      why: "a missing method",
      specifier: "./no-authorize.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
      says: /authorize is not a function/,
    },
    {
      why: "a type that cannot be an api.authType",
      specifier: "./bad-type.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
      says: /type must be a lower-case string of \[a-z0-9-\]/,
    },
    {
      why: "a file that is not a JavaScript module is never imported (a mistaken path to a .env file)",
      specifier: "./settings.env",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_NOT_FOUND,
      says: /is not a JavaScript module/,
    },
    {
      why: "a module that throws while loading is named, its message (which may quote settings) is not",
      specifier: "./leaky-module.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_LOAD_FAILED,
      says: /importing .* failed \(Error\)/,
    },
    {
      why: "a factory that needs arguments and throws",
      specifier: "./throwing-factory.mjs",
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
      says: /createBrokenAuth\(\) threw when called with no arguments \(Error\); export a factory/,
    },
  ];
  it.each(rows)("$why: $code", async ({ specifier, code, says }) => {
    const error = await loadAuthPlugins([specifier], { from: directory }).catch((thrown: unknown) => thrown);
    expect(AuthPluginLoadError.isInstance(error)).toBe(true);
    const loadError = error as AuthPluginLoadError;
    expect(loadError.code).toBe(code);
    expect(loadError.specifier).toBe(specifier);
    expect(loadError.message).toContain(`auth plugin "${specifier}": `);
    expect(loadError.message).toMatch(says);
    expect(loadError.message).not.toMatch(/FAKE(dotenv|env)SECRET|needs a region/);
  });

  it("stops at the first bad module, even after good ones", async () => {
    const error = await loadAuthPlugins(["./default-object.mjs", "./nothing.mjs"], { from: directory }).catch(
      (thrown: unknown) => thrown,
    );
    expect((error as AuthPluginLoadError).specifier).toBe("./nothing.mjs");
  });
});
