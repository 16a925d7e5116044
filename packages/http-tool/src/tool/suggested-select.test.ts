import { createAuthRegistry } from "@src/auth";
import { createBearerAuth } from "@src/auth-bearer";
import type { OperationCatalog } from "@src/openapi";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSourceRecordFixture } from "../testing/source-record-fixture";
import { createApiTool } from "./create-api-tool";
import { createOperationsTool } from "./create-operations-tool";
import { documentOf, jsonResponses, loadOperationCatalog } from "../../test/operation-catalog";

/** An API whose list answers items of 10 fields (one of them not a bare JMESPath identifier), and whose item is a single large object. */
const article = {
  type: "object",
  properties: {
    id: { type: "integer" },
    title: { type: "string" },
    state: { type: "string" },
    "html-url": { type: "string" },
    body: { type: "string" },
    words: { type: "integer" },
    draft: { type: "boolean" },
    author: { type: "object", properties: { login: { type: "string" } } },
    labels: { type: "array", items: { type: "string" } },
    created_at: { type: "string" },
  },
};
const articlesDocument = documentOf("Articles API", {
  components: { schemas: { Article: article } },
  paths: {
    "/articles": {
      get: {
        operationId: "listArticles",
        summary: "List articles",
        responses: jsonResponses({ type: "array", items: { $ref: "#/components/schemas/Article" } }),
      },
    },
    "/search": {
      get: {
        operationId: "searchArticles",
        summary: "Search articles",
        responses: jsonResponses({
          type: "object",
          properties: {
            total_count: { type: "integer" },
            items: { type: "array", items: { $ref: "#/components/schemas/Article" } },
          },
        }),
      },
    },
    "/articles/{id}": {
      get: {
        operationId: "getArticle",
        summary: "Get an article",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }],
        responses: jsonResponses({ $ref: "#/components/schemas/Article" }),
      },
    },
    "/tags": {
      get: {
        operationId: "listTags",
        summary: "List tags",
        responses: jsonResponses({
          type: "array",
          items: { type: "object", properties: { name: { type: "string" } } },
        }),
      },
    },
  },
});

const articles = Array.from({ length: 30 }, (_, id) => ({
  id,
  title: `Article ${id}`,
  state: "published",
  "html-url": `https://articles.example/${id}`,
  body: "lorem ipsum ".repeat(40),
  words: 80,
  draft: false,
  author: { login: "ada" },
  labels: ["a", "b"],
  created_at: "2026-01-01T00:00:00Z",
}));

let upstream: Upstream;
let operations: OperationCatalog;
beforeAll(async () => {
  upstream = await startUpstream((_request, response) => sendJson(response, 200, articles));
  operations = await loadOperationCatalog(articlesDocument);
}, 120_000);
afterAll(async () => {
  await upstream.close();
});

const source = () =>
  createSourceRecordFixture({ slug: "articles", name: "Articles", api: { baseUrl: upstream.origin } });
const describeOperation = async (
  operationId: string,
): Promise<{ suggestedSelect?: { select: string; keeps: string } }> => {
  const answer = await createOperationsTool(source(), operations).execute({ operationId });
  return (answer.body as { value: { suggestedSelect?: { select: string; keeps: string } } }).value;
};

describe("api_<slug>_operations suggests a select for a large response", () => {
  it("keeps a few fields of each item of a top-level array, quoting names that need it, and the suggestion runs as is", async () => {
    const { suggestedSelect } = await describeOperation("listArticles");
    expect(suggestedSelect?.select).toBe(
      '[].{id: id, title: title, state: state, created_at: created_at, "html-url": "html-url", words: words}',
    );
    expect(suggestedSelect?.keeps).toMatch(/^6 of the 10 fields of each item/);
    const tool = createApiTool(source(), {
      registry: createAuthRegistry([createBearerAuth()]),
      credentials: { get: async () => ({ token: "tok_0123456789" }) },
      operations,
    });
    const whole = await tool?.execute({ method: "GET", path: "/articles" });
    const selected = await tool?.execute({ method: "GET", path: "/articles", select: suggestedSelect?.select });
    expect(selected).toMatchObject({ ok: true, selected: suggestedSelect?.select });
    const items = (selected?.body as { value: Record<string, unknown>[] }).value;
    expect(items).toHaveLength(30);
    expect(items[3]).toEqual({
      id: 3,
      title: "Article 3",
      state: "published",
      created_at: "2026-01-01T00:00:00Z",
      "html-url": "https://articles.example/3",
      words: 80,
    });
    expect(JSON.stringify(selected?.body).length).toBeLessThan(JSON.stringify(whole?.body).length / 3);
  });

  it("finds the array of a list's envelope ({ total_count, items })", async () => {
    expect((await describeOperation("searchArticles")).suggestedSelect?.select).toMatch(
      /^items\[\]\.\{id: id, title: title/,
    );
  });

  it("suggests nothing for a single object or small items", async () => {
    expect((await describeOperation("getArticle")).suggestedSelect).toBeUndefined();
    expect((await describeOperation("listTags")).suggestedSelect).toBeUndefined();
  });
});
