import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The README's TypeScript examples are type-checked against this package's sources, with the package's own compiler
// options: an example that calls a member the contract no longer has fails here, not in a reader's editor.
const packageDirectory = fileURLToPath(new URL("..", import.meta.url));
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]!);

/** The examples as files next to the sources: the one that defines the key-pair plugin is the module the others import. */
function exampleFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [index, text] of blocks.entries()) {
    const name = text.includes("export function createKeyPairAuth") ? "key-pair-auth.ts" : `example-${index}.ts`;
    files.set(`${packageDirectory}readme-examples/${name}`, text);
  }
  return files;
}

function diagnosticsOf(files: Map<string, string>): string[] {
  const configPath = ts.findConfigFile(packageDirectory, (name) => ts.sys.fileExists(name), "tsconfig.json")!;
  const parseHost: ts.ParseConfigFileHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    fileExists: (name) => ts.sys.fileExists(name),
    readFile: (name) => ts.sys.readFile(name),
    getCurrentDirectory: () => ts.sys.getCurrentDirectory(),
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, parseHost)!;
  const options = { ...parsed.options, noEmit: true, noUnusedLocals: false };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  const directoryExists = host.directoryExists?.bind(host);
  host.directoryExists = (name) =>
    name.replace(/\/$/, "") === `${packageDirectory}readme-examples` || (directoryExists?.(name) ?? true);
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, text, language, true);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file === undefined || files.has(diagnostic.file.fileName))
    .map((diagnostic) => {
      const where =
        diagnostic.file === undefined
          ? ""
          : `${diagnostic.file.fileName.slice(packageDirectory.length)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: `;
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
    });
}

describe("the README's examples", () => {
  it("are there: the plugin, its declaration, a run-time token, the registry and the suite", () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
  });

  it(
    "type-check against the package as it is; one that calls a member the contract does not have would fail",
    { timeout: 120_000 },
    () => {
      // One program (type-checking is slow): the README's blocks, and beside them an example written for contract v1.
      const files = exampleFiles();
      files.set(
        `${packageDirectory}readme-examples/removed-member.ts`,
        'import { createKeyPairAuth } from "./key-pair-auth";\ncreateKeyPairAuth().apply();\n',
      );
      const diagnostics = diagnosticsOf(files);
      expect(diagnostics.filter((line) => !line.startsWith("readme-examples/removed-member.ts"))).toEqual([]);
      expect(diagnostics.join("\n")).toContain("Property 'apply' does not exist");
    },
  );
});
