import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const token = "tok-oas-3b2a1c0d9e8f";

const documentFor = (url: string) => ({
  openapi: "3.0.3",
  info: { title: "Notes API", version: "1.4.0" },
  servers: [{ url: `${url}/v1` }],
  components: {
    securitySchemes: {
      token: { type: "http", scheme: "bearer" },
      key: { type: "apiKey", in: "header", name: "X-Key" },
    },
  },
  security: [{ token: [] }],
  paths: {
    "/users/me": {
      get: { operationId: "getMe", summary: "The current user", responses: { "200": { description: "ok" } } },
    },
    "/notes": {
      get: {
        operationId: "listNotes",
        summary: "List notes",
        tags: ["notes"],
        responses: { "200": { description: "ok" } },
      },
      post: {
        operationId: "createNote",
        summary: "Create a note",
        tags: ["notes"],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", required: ["title"], properties: { title: { type: "string" } } },
            },
          },
        },
        responses: { "201": { description: "created" } },
      },
    },
  },
});

let temp: TempHome;
let api: Upstream;
let documentFile: string;
const src = (args: string[], stdin?: string): Promise<RunResult> => runSrc(args, { env: temp.env, stdin });

beforeAll(async () => {
  api = await startUpstream((_request, response, recorded) => {
    const ok = recorded.headers.authorization === `Bearer ${token}`;
    response.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify({ ok }));
  });
});
afterAll(() => api.close());

// A home per test (with the document in it): each adds the sources it needs, so it runs alone, in any order, and again.
beforeEach(async () => {
  temp = await createTempHome();
  documentFile = join(temp.home, "notes-openapi.json");
  await writeFile(documentFile, JSON.stringify(documentFor(api.url)));
});
afterEach(async () => {
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(token);
  await temp.cleanup();
});

/** The source "notes-api", made from the document. */
async function addNotesApi(): Promise<void> {
  const added = await src(["source", "add", "--openapi", documentFile, "--credential-stdin"], token);
  expect(added.code, added.stderr).toBe(0);
}

describe("src with OpenAPI documents", { timeout: 120_000 }, () => {
  it("source add --openapi takes name, base URL, auth and test endpoint from the document and prints { source, validation, openapi }", async () => {
    const result = await src(["--json", "source", "add", "--openapi", documentFile, "--credential-stdin"], token);
    expect(result.code, result.stderr).toBe(0);
    const printed = JSON.parse(result.stdout) as {
      source: { slug: string; name: string; api: Record<string, unknown> };
      validation: { ok: boolean };
      openapi: unknown;
    };
    expect(printed.source).toMatchObject({
      slug: "notes-api",
      name: "Notes API",
      api: { baseUrl: `${api.url}/v1`, authType: "bearer", testEndpoint: "/users/me", openapi: "openapi.json" },
    });
    expect(printed.validation.ok).toBe(true);
    expect(printed.openapi).toEqual({
      title: "Notes API",
      version: "1.4.0",
      operations: 3,
      testEndpoint: { path: "/users/me", reason: expect.stringContaining("GET /users/me") },
    });
    expect((printed.openapi as { testEndpoint: { reason: string } }).testEndpoint.reason).toContain(
      "it identifies the caller",
    );
    expect(await readFile(join(temp.home, "sources", "notes-api", "openapi.json"), "utf8")).toContain("Notes API");
  });

  it("names the other security schemes and the operations tool for people", async () => {
    const result = await src(
      ["source", "add", "--openapi", documentFile, "--slug", "notes-two", "--credential-stdin"],
      token,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(
      'OpenAPI document: "Notes API" 1.4.0, 3 operations; agents search them with api_notes_two_operations',
    );
    expect(result.stdout).toContain(
      'Auth taken from the document\'s security scheme "token"; it also names "key" (choose another with --auth).',
    );
  });

  it("src operations searches and shows one operation; --json is the tool's answer", async () => {
    await addNotesApi();
    const search = await src(["--json", "operations", "notes-api", "create", "a", "note"]);
    expect(search.code, search.stderr).toBe(0);
    const answer = JSON.parse(search.stdout) as { total: number; operations: unknown[] };
    expect(answer.total).toBeGreaterThanOrEqual(1);
    expect(answer.operations[0]).toEqual({
      operationId: "createNote",
      method: "POST",
      path: "/notes",
      summary: "Create a note",
      required: ["body"],
    });
    const byTag = await src(["operations", "notes-api", "--tag", "notes", "--limit", "5"]);
    expect(byTag.stdout).toContain("listNotes");
    expect(byTag.stdout).toMatch(/2 of 2 matching operations/);
    const one = await src(["operations", "notes-api", "--id", "createNote"]);
    expect(JSON.parse(one.stdout)).toMatchObject({
      operationId: "createNote",
      exampleCall: { method: "POST", path: "/notes", body: { title: "<title>" } },
    });
    const unknown = await src(["operations", "notes-api", "--id", "createNotes"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean "createNote"');
  });

  it("src operations with no words lists every operation, a page at a time; an operationId as the words finds it first", async () => {
    await addNotesApi();
    const first = await src(["--json", "operations", "notes-api", "--limit", "2"]);
    expect(first.code, first.stderr).toBe(0);
    const page = JSON.parse(first.stdout) as { total: number; operations: { operationId: string }[]; note: string };
    expect(page.total).toBe(3);
    expect(page.operations).toHaveLength(2);
    expect(page.note).toContain("give offset 2 for the next ones");
    const rest = JSON.parse(
      (await src(["--json", "operations", "notes-api", "--limit", "2", "--offset", "2"])).stdout,
    ) as { operations: { operationId: string }[] };
    expect(rest.operations).toHaveLength(1);
    expect(new Set([...page.operations, ...rest.operations].map((operation) => operation.operationId)).size).toBe(3);
    const exact = JSON.parse((await src(["--json", "operations", "notes-api", "createNote"])).stdout) as {
      operations: { operationId: string }[];
    };
    expect(exact.operations[0]?.operationId).toBe("createNote");
  });

  it("src call refuses a call that breaks the document before sending it", async () => {
    await addNotesApi();
    const before = api.requests.length;
    const result = await src(["call", "notes-api", "POST", "/notes", "--body", "{}"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("body.title is required");
    expect(api.requests.length).toBe(before);
    const sent = await src(["call", "notes-api", "POST", "/notes", "--body", '{"title":"milk"}']);
    expect(sent.code, sent.stderr).toBe(0);
    expect(api.requests.length).toBe(before + 1);
  });

  it("src tools -v shows the document's title, version and operation count, and the _operations tool", async () => {
    await addNotesApi();
    const result = await src(["tools", "-v"]);
    expect(result.stdout).toContain('OpenAPI document: "Notes API" version 1.4.0, 3 operations');
    expect(result.stdout).toContain("── api_notes_api_operations (Notes API)");
  });

  it("an invalid document fails the add (exit 2) with the parser's location, and adds nothing", async () => {
    const broken = join(temp.home, "broken.json");
    await writeFile(
      broken,
      '{"openapi": "3.0.0", "info": {"title": "x", "version": "1"}, "paths": {"/a": {"get": {"parameters": [{"name": "q"}], "responses": {"200": {"description": "ok"}}}}}}',
    );
    const result = await src(
      sourceAddArgs(
        { name: "Plain", baseUrl: `${api.url}/v1`, testEndpoint: "/users/me" },
        "--openapi",
        broken,
        ...bearerFromStdin,
      ),
      token,
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /error: --openapi: .*broken\.json is not a valid OpenAPI document at \/paths\/~1a\/get\/parameters\/0: .*; fix the document and run the command again; nothing was added/,
    );
    expect((await src(["source", "show", "plain"])).code).toBe(2);
  });

  it("without a terminal, a document with no usable test endpoint requires --test-endpoint", async () => {
    const noGet = join(temp.home, "no-get.json");
    const document = documentFor(api.url);
    await writeFile(
      noGet,
      JSON.stringify({ ...document, paths: { "/notes": { post: document.paths["/notes"].post } } }),
    );
    const result = await src(["source", "add", "--openapi", noGet, "--slug", "no-get", "--credential-stdin"], token);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--test-endpoint");
  });

  it("without a terminal, a document with no security scheme says so when --auth is missing, and adds nothing", async () => {
    const open = join(temp.home, "no-scheme.json");
    const { components: _components, security: _security, ...document } = documentFor(api.url);
    await writeFile(open, JSON.stringify(document));
    const result = await src(["source", "add", "--openapi", open, "--slug", "no-scheme", "--credential-stdin"], token);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "--auth MODE (the document names no security scheme src takes a mode from; one of bearer,",
    );
    expect((await src(["source", "show", "no-scheme"])).code).toBe(2);
  });

  it("source edit --openapi attaches a document to an existing source", async () => {
    await src(
      sourceAddArgs({ name: "Later", baseUrl: `${api.url}/v1`, testEndpoint: "/users/me" }, ...bearerFromStdin),
      token,
    );
    const result = await src(["source", "edit", "later", "--openapi", documentFile]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('OpenAPI document: "Notes API" 1.4.0, 3 operations.');
    const refused = await src(["call", "later", "GET", "/nope"]);
    expect(refused.stderr).toContain("no operation of the API's OpenAPI document matches GET /nope");
  });
});
