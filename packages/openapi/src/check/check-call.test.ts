import { beforeAll, describe, expect, it } from "vitest";
import { documentOf, rulesDocument, writeDocument } from "../../test/documents";
import { createOperationCatalog, type OperationCatalog } from "../catalog/create-operation-catalog";
import { readOperationIndex } from "../index/read-operation-index";
import type { CallToCheck } from "./check-call";

let catalog: OperationCatalog;
beforeAll(async () => {
  catalog = createOperationCatalog(await readOperationIndex({ documentFile: await writeDocument(rulesDocument) }));
}, 120_000);

const context = { baseUrl: "https://api.example.com/v1" };

describe("checking calls against a document", () => {
  it.each<{ why: string; call: CallToCheck; operationId: string; baseUrl?: string }>([
    { why: "a literal path", call: { method: "GET", path: "/me" }, operationId: "getMe" },
    { why: "a templated segment", call: { method: "GET", path: "/items/42" }, operationId: "getItem" },
    {
      why: "a literal segment wins over a template",
      call: { method: "GET", path: "/items/search?q=x" },
      operationId: "searchItems",
    },
    { why: "a trailing slash is tolerated", call: { method: "GET", path: "/items/" }, operationId: "listItems" },
    {
      why: "the server's base path given by the agent is removed",
      call: { method: "GET", path: "/v1/items" },
      operationId: "listItems",
      baseUrl: "https://api.example.com",
    },
    { why: "HEAD matches a GET operation", call: { method: "HEAD", path: "/me" }, operationId: "getMe" },
    {
      why: "a required query parameter in the path's query string",
      call: { method: "GET", path: "/items/search?q=lamp" },
      operationId: "searchItems",
    },
    {
      why: 'query values are strings on the wire: "5" is an integer',
      call: { method: "GET", path: "/items", query: { limit: "5" } },
      operationId: "listItems",
    },
    {
      why: "a nullable field given null",
      call: { method: "POST", path: "/items", body: { name: "x", kind: "book", note: null } },
      operationId: "createItem",
    },
    {
      why: "a raw body is not checked against the JSON schema",
      call: { method: "POST", path: "/items", rawBody: true },
      operationId: "createItem",
    },
    {
      why: "a recursive schema",
      call: { method: "POST", path: "/trees", body: { name: "a", children: [{ name: "b", children: [] }] } },
      operationId: "createTree",
    },
  ])("accepts $why", ({ call, operationId, baseUrl }) => {
    const result = catalog.check(call, { baseUrl: baseUrl ?? context.baseUrl });
    expect(result.problems).toEqual([]);
    expect(result.operation?.operationId).toBe(operationId);
  });

  it.each<{ why: string; call: CallToCheck; field: string; message: RegExp; schemaPath?: RegExp }>([
    {
      why: "no operation has the path",
      call: { method: "GET", path: "/itemz" },
      field: "path",
      message: /no operation of the document matches GET \/itemz/,
    },
    {
      why: "no operation has the method on the path",
      call: { method: "PUT", path: "/me" },
      field: "path",
      message: /matches PUT \/me/,
    },
    {
      why: "a path parameter of the wrong type",
      call: { method: "GET", path: "/items/abc" },
      field: "path.itemId",
      message: /must be of type integer/,
      schemaPath: /itemId\/type$/,
    },
    {
      why: "a missing required query parameter",
      call: { method: "GET", path: "/items/search" },
      field: "query.q",
      message: /is required/,
      schemaPath: /required$/,
    },
    {
      why: "a query parameter of the wrong type",
      call: { method: "GET", path: "/items", query: { limit: "many" } },
      field: "query.limit",
      message: /must be of type integer/,
    },
    {
      why: "a query parameter out of range",
      call: { method: "GET", path: "/items", query: { limit: 500 } },
      field: "query.limit",
      message: /must be <= 100/,
    },
    {
      why: "a query parameter outside its enum",
      call: { method: "GET", path: "/items", query: { state: "lost" } },
      field: "query.state",
      message: /must be one of "open", "closed"/,
      schemaPath: /enum$/,
    },
    {
      why: "a missing required header no fixed header supplies",
      call: { method: "GET", path: "/reports" },
      field: "header.x-tenant",
      message: /is required: agents cannot send headers, so an operator must add it to the source's api.headers/,
    },
    {
      why: "a missing required body",
      call: { method: "POST", path: "/items" },
      field: "body",
      message: /is required \(application\/json\)/,
    },
    {
      why: "a body without a required field",
      call: { method: "POST", path: "/items", body: { kind: "book" } },
      field: "body.name",
      message: /is required/,
      schemaPath: /^#\/components\/schemas\/NewItem\/required$/,
    },
    {
      why: "a body field of the wrong type",
      call: { method: "POST", path: "/items", body: { name: 7, kind: "book" } },
      field: "body.name",
      message: /must be of type string/,
      schemaPath: /properties\/name\/type$/,
    },
    {
      why: "a body field outside its enum",
      call: { method: "POST", path: "/items", body: { name: "x", kind: "tape" } },
      field: "body.kind",
      message: /must be one of "book", "disc"/,
    },
    {
      why: "a body field the schema does not have",
      call: { method: "POST", path: "/items", body: { name: "x", kind: "book", colour: "red" } },
      field: "body.colour",
      message: /is not a field of this operation/,
    },
    {
      why: "a nested array item of the wrong type",
      call: { method: "POST", path: "/items", body: { name: "x", kind: "book", tags: ["a", 2] } },
      field: "body.tags.1",
      message: /must be of type string/,
    },
    {
      why: "a recursive schema's nested error",
      call: { method: "POST", path: "/trees", body: { children: [{ name: 3 }] } },
      field: "body.children.0.name",
      message: /must be of type string/,
    },
  ])("refuses $why", ({ call, field, message, schemaPath }) => {
    const result = catalog.check(call, context);
    const problem = result.problems.find((item) => item.field === field);
    expect(problem, JSON.stringify(result.problems)).toBeDefined();
    expect(problem?.message).toMatch(message);
    if (schemaPath !== undefined) expect(problem?.schemaPath).toMatch(schemaPath);
  });

  it("names the three closest operations when nothing matches", () => {
    const result = catalog.check({ method: "GET", path: "/item/42" }, context);
    expect(result.operation).toBeUndefined();
    expect(result.closest).toHaveLength(3);
    expect(result.closest?.[0]).toEqual({ operationId: "getItem", method: "GET", path: "/items/{itemId}" });
  });

  it("accepts a required header that the source's fixed headers supply", () => {
    expect(
      catalog.check({ method: "GET", path: "/reports" }, { ...context, headers: { "x-tenant": "acme" } }).problems,
    ).toEqual([]);
  });
});

describe("string and number formats", () => {
  let events: OperationCatalog;
  beforeAll(async () => {
    const eventsDocument = documentOf("Events API", {
      openapi: "3.1.0",
      servers: [{ url: "https://api.example.com/v1" }],
      paths: {
        "/events": {
          get: {
            operationId: "listEvents",
            parameters: [
              { name: "since", in: "query", schema: { type: "string", format: "date-time" } },
              { name: "page", in: "query", schema: { type: "integer", format: "int32" } },
              { name: "colour", in: "query", schema: { type: "string", format: "x-colour-name" } },
            ],
            responses: { "200": { description: "ok" } },
          },
          post: {
            operationId: "createEvent",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: {
                      owner: { type: "string", format: "email" },
                      id: { type: "string", format: "uuid" },
                      day: { type: "string", format: "date" },
                    },
                  },
                },
              },
            },
            responses: { "201": { description: "created" } },
          },
        },
      },
    });
    events = createOperationCatalog(await readOperationIndex({ documentFile: await writeDocument(eventsDocument) }));
  });

  it("accepts values in their formats, and a format the validator does not know", () => {
    const query = events.check(
      { method: "GET", path: "/events", query: { since: "2026-11-23T08:00:00Z", page: "3", colour: "teal" } },
      context,
    );
    expect(query.problems).toEqual([]);
    const body = events.check(
      {
        method: "POST",
        path: "/events",
        body: { owner: "ops@example.com", id: "0dcd0988-4b8a-4989-99a0-735277d53f5c", day: "2026-11-23" },
      },
      context,
    );
    expect(body.problems).toEqual([]);
  });

  /** A call of /events with `value` at `field`: `query.<name>` in a GET's query, `body.<name>` in a POST's body. */
  const callWith = (field: string, value: string): CallToCheck => {
    const [place, name] = field.split(".") as [string, string];
    return place === "query"
      ? { method: "GET", path: "/events", query: { [name]: value } }
      : { method: "POST", path: "/events", body: { [name]: value } };
  };

  it.each([
    { why: "a date-time without a time zone", field: "query.since", value: "2026-11-23 08:00", format: "date-time" },
    { why: "an int32 out of its range", field: "query.page", value: "4294967296", format: "int32" },
    { why: "an e-mail address without a domain", field: "body.owner", value: "ops", format: "email" },
    { why: "a malformed UUID", field: "body.id", value: "0dcd0988-4b8a", format: "uuid" },
    { why: "a date that is not a calendar date", field: "body.day", value: "2026-02-30", format: "date" },
  ])("refuses $why, naming the field and the format", ({ field, value, format }) => {
    const result = events.check(callWith(field, value), context);
    expect(result.problems).toEqual([expect.objectContaining({ field, message: `must match format "${format}"` })]);
  });
});
