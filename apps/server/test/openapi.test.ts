import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { itemsOpenApiDocument } from "./helpers/items-openapi-document";
import { bearerConfig } from "./helpers/test-server";
import { useServerPerFile } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-openapi-5d4c3b2a19";
// "other" is there for a token of another source.
const setup = useServerPerFile({ upstreamToken, sources: ["other"] });

// The source "items" with the document, for all the file's tests (they only read it or add tokens of their own).
beforeAll(async () => {
  const { testHome, upstream, server } = setup;
  const documentFile = join(testHome.home, "items-openapi.json");
  await writeFile(documentFile, JSON.stringify(itemsOpenApiDocument));
  const created = await server.api("POST", "/v1/sources", {
    body: {
      config: bearerConfig("items", upstream.url, {
        api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me", openapi: documentFile },
      }),
      credential: { token: upstreamToken },
    },
  });
  expect(created.status, created.text).toBe(201);
  expect(created.json.source.status.openapi).toMatchObject({ loaded: true, title: "Items API", operations: 2 });
}, 120_000);

describe("OpenAPI documents over HTTP", { timeout: 120_000 }, () => {
  it("GET /v1/sources/{slug}/operations searches, filters by tag, and gives one operation", async () => {
    const search = await setup.server.api("GET", "/v1/sources/items/operations?q=list%20items&limit=3");
    expect(search.status).toBe(200);
    expect(search.json.operations[0]).toEqual({
      operationId: "listItems",
      method: "GET",
      path: "/items",
      summary: "List items",
      required: [],
    });
    const byTag = await setup.server.api("GET", "/v1/sources/items/operations?tag=items");
    expect(byTag.json).toMatchObject({ total: 1 });
    const one = await setup.server.api("GET", "/v1/sources/items/operations?id=listItems");
    expect(one.json).toMatchObject({ operationId: "listItems", exampleCall: { method: "GET", path: "/items" } });
    expect((await setup.server.api("GET", "/v1/sources/items/operations?id=nope")).status).toBe(404);
    // Without q, tag or id every operation is listed, a page at a time, as the agent's tool lists them.
    const first = await setup.server.api("GET", "/v1/sources/items/operations?limit=1");
    expect(first.status).toBe(200);
    expect(first.json.total).toBeGreaterThan(1);
    expect(first.json.operations).toHaveLength(1);
    expect(first.json.note).toContain("give offset 1 for the next ones");
    const second = await setup.server.api("GET", "/v1/sources/items/operations?limit=1&offset=1");
    expect(second.json.operations).toHaveLength(1);
    expect(second.json.operations[0].operationId).not.toBe(first.json.operations[0].operationId);
    expect((await setup.server.api("GET", "/v1/sources/items/operations?q=x&limit=99")).status).toBe(422);
    expect((await setup.server.api("GET", "/v1/sources/missing/operations?q=x")).status).toBe(404);
  });

  it("is in the server's OpenAPI document", async () => {
    const answer = await setup.server.api("GET", "/openapi.json");
    expect(answer.json.paths).toHaveProperty("/v1/sources/{slug}/operations");
  });

  it("lists both tools with the document's facts, checks calls, and answers the operations tool through the call route", async () => {
    const tools = await setup.server.api("GET", "/v1/tools?verbose=1");
    const mine = (tools.json.tools as { name: string; openapi?: unknown; readOnly?: boolean }[]).filter((tool) =>
      tool.name.startsWith("api_items"),
    );
    expect(mine.map((tool) => tool.name)).toEqual(["api_items", "api_items_operations"]);
    expect(mine[0]?.openapi).toEqual({ title: "Items API", version: "3.0.1", operations: 2 });
    const before = setup.upstream.seen.length;
    const refused = await setup.server.api("POST", "/v1/tools/api_items/call", {
      body: { method: "GET", path: "/items", query: { limit: "many" } },
    });
    expect(refused.json.error).toMatchObject({ code: "INVALID_CALL" });
    expect(refused.json.error.message).toContain("query.limit must be of type integer");
    expect(setup.upstream.seen.length).toBe(before);
    const answered = await setup.server.api("POST", "/v1/tools/api_items_operations/call", {
      body: { query: "items" },
    });
    expect(answered.json).toMatchObject({ ok: true, body: { kind: "json", value: { total: 1 } } });
  });

  it("sends a call that breaks the document with warnings under api.openapiValidation warn, a field the document's ToolResult lists", async () => {
    const { testHome, upstream, server } = setup;
    const slug = `warned-${randomBytes(3).toString("hex")}`;
    const created = await server.api("POST", "/v1/sources", {
      body: {
        config: bearerConfig(slug, upstream.url, {
          api: {
            baseUrl: upstream.url,
            authType: "bearer",
            testEndpoint: "/me",
            openapi: join(testHome.home, "items-openapi.json"),
            openapiValidation: "warn",
          },
        }),
        credential: { token: upstreamToken },
      },
    });
    expect(created.status, created.text).toBe(201);
    const before = upstream.seen.length;
    const answer = await server.api("POST", `/v1/tools/api_${slug.replace(/-/g, "_")}/call`, {
      body: { method: "GET", path: "/items", query: { limit: "many" } },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(upstream.seen.length).toBe(before + 1);
    expect(answer.json.warnings).toEqual([expect.stringContaining("query.limit must be of type integer")]);
    const document = await server.api("GET", "/openapi.json");
    const listed = Object.keys(document.json.components.schemas.ToolResult.properties as Record<string, unknown>);
    expect(listed).toEqual(expect.arrayContaining(Object.keys(answer.json as Record<string, unknown>)));
  });

  it("lets an agent token for the source use its operations tool, and not another's", async () => {
    // Token names of this try only: a retry makes its own.
    const suffix = randomBytes(3).toString("hex");
    const mine = await setup.server.api("POST", "/v1/tokens", {
      body: { name: `items-only-${suffix}`, sources: ["items"] },
    });
    expect(mine.status, mine.text).toBe(201);
    const answered = await setup.server.api("POST", "/v1/tools/api_items_operations/call", {
      body: { query: "items" },
      token: mine.json.token as string,
    });
    expect(answered.status).toBe(200);
    const other = await setup.server.api("POST", "/v1/tokens", {
      body: { name: `other-only-${suffix}`, sources: ["other"] },
    });
    const refused = await setup.server.api("POST", "/v1/tools/api_items_operations/call", {
      body: { query: "items" },
      token: other.json.token as string,
    });
    expect(refused.status).toBe(403);
  });
});

describe("operation: and tag: rules checked against the document over HTTP", { timeout: 120_000 }, () => {
  it("PATCH /v1/sources/{slug} with a rule that names no operation: 422 INVALID_SOURCE at the field, with the id meant; nothing changed", async () => {
    const { testHome, upstream, server } = setup;
    await server.api("DELETE", "/v1/sources/rules-check");
    const config = (policy?: Record<string, unknown>) =>
      bearerConfig("rules-check", upstream.url, {
        api: {
          baseUrl: upstream.url,
          authType: "bearer",
          testEndpoint: "/me",
          openapi: join(testHome.home, "items-openapi.json"),
          ...(policy === undefined ? {} : { policy }),
        },
      });
    // POST /v1/sources: refused the same way, and no source is left behind.
    const posted = await server.api("POST", "/v1/sources", { body: { config: config({ allow: ["tag:user"] }) } });
    expect(posted.status, posted.text).toBe(422);
    expect(posted.json.error.details).toEqual([
      {
        path: "api.policy.allow.0",
        message: expect.stringContaining('"tag:user" names no tag of an operation') as unknown,
      },
    ]);
    expect(posted.text).toContain('did you mean \\"tag:users\\"?');
    expect((await server.api("GET", "/v1/sources/rules-check")).status).toBe(404);

    const created = await server.api("POST", "/v1/sources", {
      body: { config: config(), credential: { token: upstreamToken } },
    });
    expect(created.status, created.text).toBe(201);
    const before = upstream.seen.length;
    const patched = await server.api("PATCH", "/v1/sources/rules-check", {
      body: { api: { policy: { deny: ["GET /nothing/**", "operation:listItem"] } } },
    });
    expect(patched.status, patched.text).toBe(422);
    expect(patched.json.error.code).toBe("INVALID_SOURCE");
    expect(patched.json.error.details).toEqual([
      {
        path: "api.policy.deny.1",
        message: expect.stringContaining(
          `"operation:listItem" names no operation of the source's OpenAPI document (2 operations), so it refuses nothing; did you mean "operation:listItems"?`,
        ) as unknown,
      },
    ]);
    expect((await server.api("GET", "/v1/sources/rules-check")).json.source.api.policy).toBeUndefined();

    const fixed = await server.api("PATCH", "/v1/sources/rules-check", {
      body: { api: { policy: { deny: ["operation:listItems"] } } },
    });
    expect(fixed.status, fixed.text).toBe(200);
    const denied = await server.api("POST", "/v1/tools/api_rules_check/call", {
      body: { method: "GET", path: "/items" },
    });
    expect(denied.json.error).toMatchObject({ code: "POLICY_DENIED", rule: "operation:listItems" });
    expect(upstream.seen.length).toBe(before);
    await server.api("DELETE", "/v1/sources/rules-check");
  });
});
