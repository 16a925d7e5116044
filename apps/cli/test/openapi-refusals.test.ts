import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// `src source add --openapi` and `src source edit --openapi` with a document that cannot be used: the command fails
// (exit 2) with the parser's reason and position before anything else, and nothing is added or changed.

const token = "tok-refusals-5d1e9a7c3b";
const brokenYaml = "openapi: 3.0.0\ninfo:\n  title: x\n   version: 1\npaths: {}\n";

const validDocument = (url: string) => ({
  openapi: "3.0.3",
  info: { title: "Items API", version: "2.0.0" },
  servers: [{ url }],
  components: { securitySchemes: { token: { type: "http", scheme: "bearer" } } },
  security: [{ token: [] }],
  paths: { "/me": { get: { operationId: "getMe", responses: { "200": { description: "ok" } } } } },
});

let temp: TempHome;
let api: Upstream;
/** What `/docs/*` answers, by path: a status and a body. */
let documents: Record<string, { status: number; body: string }>;
const src = (args: string[], stdin?: string): Promise<RunResult> =>
  runSrc(args, { env: temp.env, stdin, cwd: temp.home });
const sourceFolders = async (): Promise<string[]> =>
  (await readdir(join(temp.home, "sources")).catch(() => [])).filter((name) => !name.startsWith("."));

beforeEach(async () => {
  temp = await createTempHome();
  documents = {};
  api = await startUpstream((_request, response, recorded) => {
    const document = documents[recorded.path];
    if (document !== undefined) {
      // A document behind the credential answers 401 without it.
      const refused =
        document.status === 200 &&
        recorded.path.startsWith("/private/") &&
        recorded.headers.authorization !== `Bearer ${token}`;
      response
        .writeHead(refused ? 401 : document.status, { "content-type": "application/yaml" })
        .end(refused ? "" : document.body);
      return;
    }
    const ok = recorded.headers.authorization === `Bearer ${token}`;
    response.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify({ ok }));
  });
  await writeFile(join(temp.home, "broken.yaml"), brokenYaml);
});
afterEach(async () => {
  await api.close();
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(token);
  await temp.cleanup();
});

const parserReason =
  /error: --openapi: broken\.yaml is not a valid OpenAPI document at line 3, column 10: .+; fix the document and run the command again; nothing was added\n/;

describe("src source add --openapi with a document that cannot be used", { timeout: 60_000 }, () => {
  it("alone: reports the broken document with the parser's position first, not the missing flags (exit 2), and adds nothing", async () => {
    const result = await src(["source", "add", "--openapi", "broken.yaml"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(parserReason);
    expect(result.stderr).not.toContain("missing");
    expect(await sourceFolders()).toEqual([]);
  });

  it("with every other flag and the credential: fails the same way (exit 2), adds nothing and stores no credential", async () => {
    const result = await src(
      sourceAddArgs({ name: "Items", baseUrl: api.url }, "--openapi", "broken.yaml", ...bearerFromStdin),
      token,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(parserReason);
    expect(result.stdout).toBe("");
    expect(await sourceFolders()).toEqual([]);
    expect(api.requests).toEqual([]);
    const listed = await src(["--json", "source", "list"]);
    expect(JSON.parse(listed.stdout)).toEqual([]);
  });

  it("--json: the error document names the reason", async () => {
    const result = await src(
      ["--json", ...sourceAddArgs({ name: "Items", baseUrl: api.url }, "--openapi", "broken.yaml", ...bearerFromStdin)],
      token,
    );
    expect(result.code).toBe(2);
    const printed = JSON.parse(result.stdout) as { error: { code: string; message: string } };
    expect(printed.error.code).toBe("INVALID_INPUT");
    expect(printed.error.message).toMatch(
      /^--openapi: broken\.yaml is not a valid OpenAPI document at line 3, column 10: /,
    );
  });

  it("a JSON document with a syntax error: the JSON parser's reason with line and column (exit 2), adds nothing", async () => {
    await writeFile(join(temp.home, "comma.json"), '{"openapi":"3.0.0",\n "info": {"title":"x",}\n, "paths": {}}');
    await writeFile(
      join(temp.home, "cut.json"),
      '{"openapi":"3.0.0",\n "info": {"title":"x", "version":"1"},\n "paths": {}',
    );
    const comma = await src(["source", "add", "--openapi", "./comma.json", "--credential-stdin"], token);
    expect(comma.code).toBe(2);
    expect(comma.stderr).toBe(
      "error: --openapi: ./comma.json is not a valid OpenAPI document at line 2, column 23: Expected double-quoted property name; fix the document and run the command again; nothing was added\n",
    );
    const cut = await src(["source", "add", "--openapi", "./cut.json", "--credential-stdin"], token);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toContain(
      "error: --openapi: ./cut.json is not a valid OpenAPI document at line 3, column 13: Expected ',' or '}' after property value;",
    );
    expect(cut.stderr).not.toContain("is not a JSON or YAML object");
    expect(await sourceFolders()).toEqual([]);
  });

  it("a file that does not exist, a URL that answers 404, and one that needs the credential say so before the missing flags", async () => {
    const missing = await src(["source", "add", "--openapi", "nowhere.json"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/error: --openapi: cannot read .*nowhere\.json \(ENOENT\); .*; nothing was added/);
    const notFound = await src(["source", "add", "--openapi", `${api.url}/docs/missing.yaml`]);
    expect(notFound.code).toBe(2);
    expect(notFound.stderr).toContain(
      `error: --openapi: ${api.url}/docs/missing.yaml answered HTTP 401 without a credential, so it fills in nothing: give --name, --base-url, --auth, --test-endpoint as well`,
    );
    documents["/docs/gone.yaml"] = { status: 404, body: "" };
    const gone = await src(["source", "add", "--openapi", `${api.url}/docs/gone.yaml`]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain(
      `error: --openapi: ${api.url}/docs/gone.yaml answered HTTP 404; give the URL of the document itself`,
    );
    expect(await sourceFolders()).toEqual([]);
  });

  it("a URL whose document parses badly fails with the parser's position", async () => {
    documents["/docs/broken.yaml"] = { status: 200, body: brokenYaml };
    const result = await src(
      ["source", "add", "--openapi", `${api.url}/docs/broken.yaml`, "--credential-stdin"],
      token,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: --openapi: ${api.url}/docs/broken.yaml is not a valid OpenAPI document at line 3, column 10:`,
    );
    expect(await sourceFolders()).toEqual([]);
  });

  it("a document behind the credential that is still broken when fetched with it: the source is removed again (exit 2)", async () => {
    documents["/private/openapi.yaml"] = { status: 200, body: brokenYaml };
    const result = await src(
      sourceAddArgs(
        { name: "Items", baseUrl: api.url },
        "--openapi",
        `${api.url}/private/openapi.yaml`,
        ...bearerFromStdin,
      ),
      token,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `error: --openapi: ${api.url}/private/openapi.yaml answered HTTP 401 without a credential, and with the credential the document could not be loaded:`,
    );
    expect(result.stderr).toContain("nothing was added");
    expect(await sourceFolders()).toEqual([]);
    // The same document, fixed: the source is added with it.
    documents["/private/openapi.yaml"] = { status: 200, body: JSON.stringify(validDocument(api.url)) };
    const fixed = await src(
      [
        "--json",
        ...sourceAddArgs(
          { name: "Items", baseUrl: api.url },
          "--openapi",
          `${api.url}/private/openapi.yaml`,
          ...bearerFromStdin,
        ),
      ],
      token,
    );
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(JSON.parse(fixed.stdout)).toMatchObject({
      source: { slug: "items" },
      openapi: { title: "Items API", operations: 1 },
    });
  });
});

describe("src source edit --openapi with a document that cannot be used", { timeout: 60_000 }, () => {
  it("fails (exit 2) with the parser's position and leaves config.json as it was", async () => {
    await writeFile(join(temp.home, "good.json"), JSON.stringify(validDocument(api.url)));
    const added = await src(["source", "add", "--openapi", "good.json", "--credential-stdin"], token);
    expect(added.code, added.stderr).toBe(0);
    const file = join(temp.home, "sources", "items-api", "config.json");
    const before = await readFile(file, "utf8");
    const edited = await src(["source", "edit", "items-api", "--openapi", "broken.yaml", "--name", "Renamed"]);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toMatch(
      /error: --openapi: broken\.yaml is not a valid OpenAPI document at line 3, column 10: .+; fix the document and run the command again; nothing was changed\n/,
    );
    expect(await readFile(file, "utf8")).toBe(before);
    expect((await src(["operations", "items-api", "--id", "getMe"])).code).toBe(0);
  });
});
