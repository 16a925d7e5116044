import { createAuthRegistry } from "@src/auth";
import { createBearerAuth } from "@src/auth-bearer";
import { createQueryAuth } from "@src/auth-query";
import type { OperationCatalog } from "@src/openapi";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toAnthropicTool } from "../adapters/anthropic";
import { toMcpToolDefinition } from "../adapters/mcp";
import { toOpenAiFunctionTool } from "../adapters/openai";
import { formatToolResult } from "../result/format-tool-result";
import { findLeaks } from "../testing/secret-forms";
import { createSourceRecordFixture } from "../testing/source-record-fixture";
import { callSource, type CallSourceOptions } from "./call-source";
import { createApiTool } from "./create-api-tool";
import { createOperationsTool } from "./create-operations-tool";
import { maxToolDescriptionBytes } from "./describe-api-tool";
import { jsonRequestBody, loadOperationCatalog } from "../../test/operation-catalog";

const secret = "tok_5e4d3c2b1a09";
const notesDocument = {
  openapi: "3.0.3",
  info: { title: "Notes API", version: "2.0.0" },
  servers: [{ url: "https://notes.example.com/api" }],
  paths: {
    "/notes": {
      get: {
        operationId: "listNotes",
        summary: "List notes",
        parameters: [{ name: "limit", in: "query", schema: { type: "integer", maximum: 50 } }],
        responses: { "200": { description: "ok" } },
      },
      post: {
        operationId: "createNote",
        summary: "Create a note",
        requestBody: jsonRequestBody({
          type: "object",
          required: ["title"],
          properties: { title: { type: "string" }, colour: { type: "string", enum: ["red", "blue"] } },
        }),
        responses: { "201": { description: "created" } },
      },
    },
    "/notes/{noteId}": {
      get: {
        operationId: "getNote",
        summary: "Get a note",
        parameters: [{ name: "noteId", in: "path", required: true, schema: { type: "integer" } }],
        responses: { "200": { description: "ok" } },
      },
    },
    "/search": {
      get: {
        operationId: "searchNotes",
        summary: "Search notes",
        parameters: [
          { name: "key", in: "query", required: true, schema: { type: "string" } },
          { name: "q", in: "query", required: true, schema: { type: "string" } },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
};

let upstream: Upstream;
let operations: OperationCatalog;
beforeAll(async () => {
  upstream = await startUpstream();
  operations = await loadOperationCatalog(notesDocument);
}, 120_000);
afterAll(async () => {
  await upstream.close();
});

const source = (openapiValidation?: "strict" | "warn" | "off") =>
  createSourceRecordFixture({
    slug: "notes",
    name: "Notes",
    api: { baseUrl: `${upstream.origin}/api`, ...(openapiValidation === undefined ? {} : { openapiValidation }) },
  });
const plugin = createBearerAuth();
/** Calls the notes source, checked against its document, with the bearer token; `options` change any of that. */
const call = (input: unknown, options: Partial<CallSourceOptions> = {}) =>
  callSource({ source: source(), call: input, plugin, credential: { token: secret }, operations, ...options });

describe("calls checked against the source's OpenAPI document", () => {
  it("sends a call that fits", async () => {
    const before = upstream.requests.length;
    const result = await call({ method: "POST", path: "/notes", body: { title: "milk", colour: "red" } });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.warnings).toBeUndefined();
    expect(upstream.requests.length).toBe(before + 1);
  });

  it.each([
    {
      why: "a path no operation has",
      input: { method: "GET", path: "/notez/12?x=1" },
      message:
        /no operation of the API's OpenAPI document matches GET \/notez\/12; the closest: GET \/notes\/{noteId} \(getNote\), GET \/notes \(listNotes\)/,
      next: { query: "get notez" },
    },
    {
      why: "a body without its required field",
      input: { method: "POST", path: "/notes", body: { colour: "red" } },
      message:
        /POST \/notes \(createNote\) does not fit the API's OpenAPI document: body\.title is required \(schema path #\/required\)/,
      next: { operationId: "createNote" },
    },
    {
      why: "a body field outside its enum",
      input: { method: "POST", path: "/notes", body: { title: "x", colour: "green" } },
      message: /body\.colour must be one of "red", "blue" \(schema path #\/properties\/colour\/enum\)/,
      next: { operationId: "createNote" },
    },
    {
      why: "a missing body",
      input: { method: "POST", path: "/notes" },
      message: /body is required \(application\/json\)/,
      next: { operationId: "createNote" },
    },
    {
      why: "a path parameter of the wrong type",
      input: { method: "GET", path: "/notes/first" },
      message: /path\.noteId must be of type integer/,
      next: { operationId: "getNote" },
    },
    {
      why: "a query parameter above its maximum",
      input: { method: "GET", path: "/notes", query: { limit: 500 } },
      message: /query\.limit must be <= 50/,
      next: { operationId: "listNotes" },
    },
  ])(
    "refuses $why with INVALID_CALL in strict mode (the default), the operations tool call that helps as error.next; nothing is sent",
    async ({ input, message, next }) => {
      const before = upstream.requests.length;
      const result = await call(input);
      expect(result).toMatchObject({
        ok: false,
        status: 0,
        attempts: 0,
        error: { code: "INVALID_CALL", retryable: false },
      });
      expect(result.error?.message).toMatch(message);
      expect(result.error?.message).toMatch(/; nothing was sent$/);
      // The message names no tool: each channel words the next step itself (the agent's text below, the CLI its command).
      expect(result.error?.message).not.toContain("api_notes_operations");
      expect(result.error?.next).toEqual({ tool: "api_notes_operations", input: next });
      expect(formatToolResult(result)).toContain(
        `; nothing was sent. Next: ${"operationId" in next ? "see the operation in full" : "search the operations"} with api_notes_operations ${JSON.stringify(next)}`,
      );
      expect(upstream.requests.length).toBe(before);
    },
  );

  it("in warn mode sends the call and adds the problems as warnings", async () => {
    const before = upstream.requests.length;
    const result = await call(
      { method: "POST", path: "/notes", body: { colour: "green" } },
      { source: source("warn") },
    );
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.warnings).toEqual([
      "POST /notes (createNote): body.title is required (schema path #/required)",
      'POST /notes (createNote): body.colour must be one of "red", "blue" (schema path #/properties/colour/enum)',
    ]);
    expect(formatToolResult(result)).toContain("warning: POST /notes (createNote): body.title is required");
    expect(upstream.requests.length).toBe(before + 1);
  });

  it("in off mode does not check", async () => {
    const result = await call({ method: "GET", path: "/notez" }, { source: source("off") });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.warnings).toBeUndefined();
  });

  it("counts the query parameter the auth plugin adds as given, and never shows the credential", async () => {
    const queryPlugin = createQueryAuth();
    const querySource = createSourceRecordFixture({
      slug: "notes",
      api: { baseUrl: `${upstream.origin}/api`, authType: "query", queryParam: "key" },
    });
    const viaQuery = { source: querySource, plugin: queryPlugin, credential: { key: secret } };
    const fits = await call({ method: "GET", path: "/search", query: { q: "milk" } }, viaQuery);
    expect(fits, JSON.stringify(fits.error)).toMatchObject({ ok: true, status: 200 });
    const refused = await call({ method: "GET", path: `/search?${secret}=1` }, viaQuery);
    expect(refused.error?.code).toBe("INVALID_CALL");
    expect(findLeaks(JSON.stringify(refused), secret)).toEqual([]);
  });

  it("leaves a source without a document unchecked", async () => {
    const result = await call({ method: "GET", path: "/anything/at/all" }, { operations: undefined });
    expect(result).toMatchObject({ ok: true, status: 200 });
  });

  it.each([undefined, "strict" as const])(
    "refuses every call of a source whose document is not loaded (validation %s), before the credential is read",
    async (mode) => {
      const before = upstream.requests.length;
      let credentialRead = false;
      const result = await call(
        { method: "GET", path: "/notes" },
        {
          source: source(mode),
          operations: undefined,
          documentNotLoaded: 'its file "openapi.json" is missing',
          credential: () => {
            credentialRead = true;
            return Promise.resolve({ token: secret });
          },
        },
      );
      expect(result).toMatchObject({
        ok: false,
        attempts: 0,
        error: { code: "POLICY_DENIED", rule: "document not loaded", retryable: false },
      });
      expect(result.error?.message).toBe(
        'source "notes" checks every call against its OpenAPI document (api.openapiValidation "strict"), and the document is not loaded: its file "openapi.json" is missing; nothing was sent. An operator must fix api.openapi (src source reload notes), or set api.openapiValidation to "warn" or "off"',
      );
      expect(credentialRead).toBe(false);
      expect(upstream.requests.length).toBe(before);
    },
  );

  it("sends the call of a source whose document is not loaded with a warning in warn mode, as it is in off mode", async () => {
    const unloaded = { operations: undefined, documentNotLoaded: "it does not parse" };
    const warned = await call({ method: "GET", path: "/notez" }, { ...unloaded, source: source("warn") });
    expect(warned).toMatchObject({ ok: true, status: 200 });
    expect(warned.warnings).toEqual(["not checked against the OpenAPI document: it is not loaded (it does not parse)"]);
    const off = await call({ method: "GET", path: "/notez" }, { ...unloaded, source: source("off") });
    expect(off).toMatchObject({ ok: true, status: 200 });
    expect(off.warnings).toBeUndefined();
  });
});

describe("the api tool and its operations companion", () => {
  const registry = createAuthRegistry([createBearerAuth()]);
  const tool = () =>
    createApiTool(source(), { registry, credentials: { get: async () => ({ token: secret }) }, operations });

  it("names the document's operation count and the operations tool in a description under 1 KB", () => {
    const description = tool()?.description ?? "";
    expect(description).toContain("Search its 4 operations with api_notes_operations first.");
    expect(Buffer.byteLength(description)).toBeLessThanOrEqual(maxToolDescriptionBytes);
    const long = createApiTool(
      { ...source(), name: "N".repeat(300) },
      { registry, credentials: { get: async () => ({ token: secret }) }, operations },
    );
    expect(Buffer.byteLength(long?.description ?? "")).toBeLessThanOrEqual(maxToolDescriptionBytes);
  });

  it("checks calls made through the tool", async () => {
    const before = upstream.requests.length;
    const result = await tool()?.execute({ method: "GET", path: "/notes/x" });
    expect(result?.error?.code).toBe("INVALID_CALL");
    expect(upstream.requests.length).toBe(before);
  });

  it("searches, describes one operation, and refuses other input", async () => {
    const operationsTool = createOperationsTool(source(), operations);
    expect(operationsTool.name).toBe("api_notes_operations");
    const search = await operationsTool.execute({ query: "create a note" });
    expect(search).toMatchObject({
      ok: true,
      attempts: 0,
      body: { kind: "json", value: { total: expect.any(Number) as number } },
    });
    const value = (search.body as { value: { operations: { operationId: string; required: string[] }[] } }).value;
    expect(value.operations[0]).toEqual({
      operationId: "createNote",
      method: "POST",
      path: "/notes",
      summary: "Create a note",
      required: ["body"],
    });
    expect(formatToolResult(search)).toMatch(/^answered without a request · SEARCH api_notes_operations/);
    const one = await operationsTool.execute({ operationId: "getNote" });
    expect(one.body).toMatchObject({
      kind: "json",
      value: { operationId: "getNote", exampleCall: { method: "GET", path: "/notes/<noteId>" } },
    });
    const unknown = await operationsTool.execute({ operationId: "getNotes" });
    expect(unknown.error?.message).toMatch(/no operation "getNotes" in the document; did you mean "getNote"/);
    expect(unknown.error?.next).toEqual({ tool: "api_notes_operations", input: { query: "get notes" } });
    // A typo names the id it is a letter or two from first, whatever the search finds by the words.
    const typo = await operationsTool.execute({ operationId: "serchNotes" });
    expect(typo.error?.message).toMatch(/no operation "serchNotes" in the document; did you mean "searchNotes"/);
    const wrong = await operationsTool.execute({ query: "x", headers: {} });
    expect(wrong).toMatchObject({ ok: false, error: { code: "INVALID_CALL" } });
  });

  it("goes through every adapter: MCP (read-only), OpenAI, Anthropic", () => {
    const operationsTool = createOperationsTool(source(), operations);
    expect(toMcpToolDefinition(operationsTool).annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(toOpenAiFunctionTool(operationsTool).function.parameters.properties).toHaveProperty("operationId");
    expect(toAnthropicTool(operationsTool).input_schema.properties).toHaveProperty("query");
  });
});
