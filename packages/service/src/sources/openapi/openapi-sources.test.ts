import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { copyFile, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTemporaryHome } from "../../../test/temporary-home";
import { createMcpServer } from "../../mcp/create-mcp-server";
import { createSourceService } from "../create-source-service";
import type { SourceService } from "../source-service";
import { FETCHED_DOCUMENT_FILE } from "./source-documents";

const token = "oas-token-7c1d9e2f4a";
const notesDocument = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Notes API", version: "2.1.0" },
  paths: {
    "/me": { get: { operationId: "getMe", summary: "The current user", responses: { "200": { description: "ok" } } } },
    "/notes": {
      post: {
        operationId: "createNote",
        summary: "Create a note",
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

/** An API on `host` that checks the bearer token everywhere except `/public/openapi.json`, and serves the document at `/openapi.json` too. */
const startApi = (host: string): Promise<Upstream> =>
  startUpstream(
    (_request, response, { path, headers }) => {
      if (path === "/public/openapi.json")
        return void response.writeHead(200, { "content-type": "application/json" }).end(notesDocument);
      if (headers.authorization !== `Bearer ${token}`) return sendJson(response, 401, { error: "unauthorized" });
      if (path === "/openapi.json")
        return void response.writeHead(200, { "content-type": "application/json" }).end(notesDocument);
      return sendJson(response, 200, { ok: true, path });
    },
    { host },
  );

let api: Upstream;
let otherOrigin: Upstream;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;
let service: SourceService;
beforeAll(async () => {
  api = await startApi("127.0.0.1");
  otherOrigin = await startApi("127.0.0.2");
});
afterAll(async () => {
  await api.close();
  await otherOrigin.close();
});
// A home and a service per test: each adds its own sources, so a retry does not find them there already.
beforeEach(async () => {
  home = await createTemporaryHome();
  service = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
});
afterEach(() => home.remove());

const input = (slug: string, extra: Record<string, unknown> = {}) => ({
  type: "api",
  name: slug,
  slug,
  enabled: true,
  api: { baseUrl: api.url, authType: "bearer", testEndpoint: "/me", ...extra },
});

describe("sources with an OpenAPI document", { timeout: 120_000 }, () => {
  it("fetches a document on the source's origin with the credential, saves it in the source's folder and records its status", async () => {
    const before = api.requests.length;
    const { source, validation } = await service.addSource({
      input: input("same-origin", { openapi: `${api.url}/openapi.json` }),
      credential: { token },
    });
    expect(validation?.ok).toBe(true);
    expect(source.status.openapi).toMatchObject({
      loaded: true,
      title: "Notes API",
      version: "2.1.0",
      operations: 2,
      error: null,
    });
    const fetched = api.requests.slice(before).find((request) => request.path === "/openapi.json");
    expect(fetched?.headers.authorization).toBe(`Bearer ${token}`);
    expect(await readFile(join(home.home, "sources", "same-origin", FETCHED_DOCUMENT_FILE), "utf8")).toBe(
      notesDocument,
    );
  });

  it("fetches a document on another origin without the credential (127.0.0.2 never sees it)", async () => {
    const { source } = await service.addSource({
      input: input("other-origin", { openapi: `${otherOrigin.url}/public/openapi.json` }),
      credential: { token },
    });
    expect(source.status.openapi).toMatchObject({ loaded: true, operations: 2 });
    expect(otherOrigin.requests.length).toBeGreaterThan(0);
    for (const request of otherOrigin.requests) expect(JSON.stringify(request)).not.toContain(token);
    // The same document behind the credential on the other origin is refused, and says no credential was sent.
    const { source: refused } = await service.addSource({
      input: input("other-origin-auth", { openapi: `${otherOrigin.url}/openapi.json` }),
      credential: { token },
    });
    expect(refused.status.openapi).toMatchObject({
      loaded: false,
      error: expect.stringContaining(
        "answered HTTP 401 (it is not on the source's origin, so no credential was sent)",
      ) as string,
    });
  });

  it("lists the API tool (naming the document) and its operations tool; checks calls before sending; answers operations", async () => {
    expect(
      (
        await service.addSource({
          input: input("same-origin", { openapi: `${api.url}/openapi.json` }),
          credential: { token },
        })
      ).validation?.ok,
    ).toBe(true);
    const tools = (await service.listTools()).filter((tool) => tool.source === "same-origin");
    expect(tools.map((tool) => tool.name)).toEqual(["api_same_origin", "api_same_origin_operations"]);
    expect(tools[0]?.openapi).toEqual({ title: "Notes API", version: "2.1.0", operations: 2 });
    expect(tools[0]?.description).toContain("Search its 2 operations with api_same_origin_operations first.");
    expect(tools[1]?.readOnly).toBe(true);

    const before = api.requests.length;
    const refused = await service.callTool("api_same_origin", { method: "POST", path: "/notes", body: {} });
    expect(refused.error).toMatchObject({ code: "INVALID_CALL" });
    expect(refused.error?.message).toContain("body.title is required");
    expect(api.requests.length).toBe(before);
    const sent = await service.callTool("api_same_origin", { method: "POST", path: "/notes", body: { title: "milk" } });
    expect(sent).toMatchObject({ ok: true, status: 200 });
    expect(api.requests.length).toBe(before + 1);

    const { runOperatorCommand } = await import("../../operator/run-operator-command");
    const listed = await runOperatorCommand(service, "/tools -v");
    expect(listed.text).toContain("api_same_origin  source=same-origin");
    expect(listed.text).toContain('OpenAPI document: "Notes API" version 2.1.0, 2 operations');
    expect(listed.text).toContain("api_same_origin_operations  source=same-origin");

    const search = await service.callTool("api_same_origin_operations", { query: "create a note" });
    expect(search.body).toMatchObject({
      kind: "json",
      value: { total: 1, operations: [{ operationId: "createNote", required: ["body"] }] },
    });
  });

  it("copies a document file from elsewhere into the source's folder, and reads a hand-edited one after a reload", async () => {
    const outside = join(home.home, "notes-openapi.json");
    await writeFile(outside, notesDocument);
    const { source } = await service.addSource({
      input: input("from-file", { openapi: outside }),
      credential: { token },
    });
    expect(source.api.openapi).toBe("openapi.json");
    expect(source.status.openapi).toMatchObject({ loaded: true, operations: 2 });
    await copyFile(outside, join(home.home, "sources", "from-file", "other.json"));
    const edited = await service.updateSource("from-file", { api: { openapi: "other.json" } });
    expect(edited.status.openapi).toMatchObject({ loaded: true });
  });

  it("reports an invalid document with the parser's location and message; a strict source refuses its calls, a warn one sends them unchecked", async () => {
    await service.addSource({ input: input("broken"), credential: { token } });
    await writeFile(
      join(home.home, "sources", "broken", "openapi.json"),
      JSON.stringify({
        openapi: "3.0.0",
        info: { title: "x", version: "1" },
        paths: { "/a": { get: { parameters: [{ name: "q" }], responses: { "200": { description: "ok" } } } } },
      }),
    );
    await service.updateSource("broken", { api: { openapi: "openapi.json" } });
    const { source, validation } = await service.reloadSource("broken");
    expect(validation?.ok).toBe(true);
    expect(source.status.openapi).toMatchObject({ loaded: false });
    expect(source.status.openapi?.error).toMatch(
      /openapi\.json is not a valid OpenAPI document at \/paths\/~1a\/get\/parameters\/0: must have required property/,
    );
    const tools = (await service.listTools()).filter((tool) => tool.source === "broken");
    expect(tools.map((tool) => tool.name)).toEqual(["api_broken"]);
    expect(tools[0]?.openapi).toMatchObject({
      error: expect.stringContaining("is not a valid OpenAPI document") as string,
    });
    const refused = await service.callTool("api_broken", { method: "GET", path: "/anything" });
    expect(refused).toMatchObject({
      ok: false,
      attempts: 0,
      error: { code: "POLICY_DENIED", rule: "document not loaded" },
    });
    expect(refused.error?.message).toMatch(
      /and the document is not loaded: openapi\.json is not a valid OpenAPI document at \/paths\/~1a\/get\/parameters\/0: must have required property/,
    );
    await service.updateSource("broken", { api: { openapiValidation: "warn" } });
    const unchecked = await service.callTool("api_broken", { method: "GET", path: "/anything" });
    expect(unchecked).toMatchObject({ ok: true, status: 200 });
    expect(unchecked.warnings).toEqual([
      expect.stringMatching(
        /^not checked against the OpenAPI document: it is not loaded \(openapi\.json is not a valid/,
      ),
    ]);
    await expect(service.callTool("api_broken_operations", { query: "x" })).rejects.toMatchObject({
      code: "UNKNOWN_TOOL",
    });
  });
});

describe("GitHub's document over MCP", () => {
  it("keeps tools/list for the two tools of a source under 4 KB, whatever the document's size", async () => {
    const require = createRequire(import.meta.url);
    const github = require.resolve("@octokit/openapi/generated/api.github.com.json");
    const githubHome = await createTemporaryHome();
    try {
      const githubService = createSourceService({
        home: githubHome.home,
        env: githubHome.env,
        registry: createDefaultAuthRegistry(),
      });
      await githubService.addSource({
        input: {
          type: "api",
          name: "GitHub",
          slug: "github",
          enabled: true,
          api: { baseUrl: api.url, authType: "bearer", testEndpoint: "/me" },
        },
        test: false,
      });
      await copyFile(github, join(githubHome.home, "sources", "github", "openapi.json"));
      const updated = await githubService.updateSource("github", { api: { openapi: "openapi.json" } });
      expect(updated.status.openapi).toMatchObject({ loaded: true });
      const server = createMcpServer(githubService);
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      const client = new Client({ name: "size-test", version: "1.0.0" });
      await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(["api_github", "api_github_operations"]);
      const size = Buffer.byteLength(JSON.stringify(tools));
      expect(size).toBeLessThan(4096);
      console.log(
        `tools/list with GitHub's document (${(await readFile(github)).length} bytes): ${size} bytes for the two tools`,
      );
      const answer = await client.callTool({
        name: "api_github_operations",
        arguments: { query: "star a repository" },
      });
      expect(JSON.stringify(answer.structuredContent)).toContain("activity/star-repo-for-authenticated-user");
      await client.close();
    } finally {
      await githubHome.remove();
    }
  }, 120_000);
});
