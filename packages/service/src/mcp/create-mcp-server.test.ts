import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startUpstream } from "../../test/upstream";
import { createTemporaryHome } from "../../test/temporary-home";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createMcpServer } from "./create-mcp-server";
import { mcpToolPageSize } from "./mcp-tool-page";
import { createSourceService } from "../sources/create-source-service";
import type { FileSourceStore } from "@src/config";
import type { SourceService } from "../sources/source-service";

const token = "mcp-token-0a9e44f2c1";
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;
let service: SourceService<FileSourceStore>;
let client: Client;

beforeEach(async () => {
  upstream = await startUpstream(token);
  home = await createTemporaryHome();
  service = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
  await service.addSource({
    input: {
      type: "api",
      name: "Demo",
      slug: "demo",
      enabled: true,
      api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me" },
    },
    credential: { token },
  });
  const server = createMcpServer(service, { name: "src-test", version: "1.0.0" });
  service.onChange(() => void server.sendToolListChanged());
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "test-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
});

afterEach(async () => {
  await client.close();
  await upstream.close();
  await home.remove();
});

describe("createMcpServer", () => {
  it("lists one tool per enabled source with its input schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["api_demo"]);
    expect(tools[0]?.inputSchema.type).toBe("object");
    expect(tools[0]?.description).toContain(upstream.url);
  });

  it("calls the API with the credential and never returns it", async () => {
    const result = await client.callTool({ name: "api_demo", arguments: { method: "GET", path: "/echo" } });
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result)).not.toContain(token);
    expect(upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
  });

  it("sets isError for a non-2xx answer and for an unknown tool", async () => {
    const notFound = await client.callTool({ name: "api_demo", arguments: { method: "GET", path: "/nowhere" } });
    expect(notFound.isError).toBe(true);
    const unknown = await client.callTool({ name: "api_ghost", arguments: { method: "GET", path: "/" } });
    expect(unknown.isError).toBe(true);
    expect(JSON.stringify(unknown.content)).toContain("ghost");
  });

  it("sends tools/list_changed after a reload and a disable, and the list follows", async () => {
    let notifications = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      notifications += 1;
    });
    await service.reloadSource("demo");
    await service.setEnabled("demo", false);
    await expect.poll(() => notifications).toBeGreaterThanOrEqual(2);
    expect((await client.listTools()).tools).toEqual([]);
  });

  it("answers tools/list in pages, and every tool comes once", async () => {
    // 11 sources written as the store writes them (copies of "demo" under new slugs), plus "demo", in pages of 5.
    const template = JSON.parse(await readFile(service.store.fileOf("demo"), "utf8")) as Record<string, unknown>;
    for (let index = 0; index < 11; index += 1) {
      const slug = `many-${String(index).padStart(2, "0")}`;
      await mkdir(service.store.directoryOf(slug), { recursive: true });
      await writeFile(
        service.store.fileOf(slug),
        JSON.stringify({ ...template, slug, id: `id-${slug}`, name: `Many ${index}` }),
      );
    }
    const paged = createMcpServer(service, { toolPageSize: 5 });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const pagedClient = new Client({ name: "paged-client", version: "1.0.0" });
    await Promise.all([paged.connect(serverTransport), pagedClient.connect(clientTransport)]);
    const pages: number[] = [];
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const answer = await pagedClient.listTools(cursor === undefined ? {} : { cursor });
      pages.push(answer.tools.length);
      names.push(...answer.tools.map((tool) => tool.name));
      cursor = answer.nextCursor;
    } while (cursor !== undefined);
    await pagedClient.close();
    expect(pages).toEqual([5, 5, 2]);
    expect(new Set(names).size).toBe(12);
    expect(names).toContain("api_demo");
    // The default page holds 500 tools: about 1 MB, far under the 10 MiB the SDK's stdio client accepts.
    expect(mcpToolPageSize).toBe(500);
    expect(JSON.stringify((await client.listTools()).tools[0]).length * mcpToolPageSize).toBeLessThan(2 * 1024 * 1024);
  });

  it("pages split sources (two tools each, a page boundary between them) from the cursor's source on", async () => {
    // 7 sources with a read and a write tool each, plus a disabled one, in pages of 3: boundaries fall inside sources.
    const template = JSON.parse(await readFile(service.store.fileOf("demo"), "utf8")) as {
      api: Record<string, unknown>;
    };
    for (let index = 0; index < 8; index += 1) {
      const slug = `split-${index}`;
      await mkdir(service.store.directoryOf(slug), { recursive: true });
      const record = {
        ...template,
        slug,
        id: `id-${slug}`,
        name: `Split ${index}`,
        enabled: index !== 3,
        api: { ...template.api, policy: { tools: "split" } },
      };
      await writeFile(service.store.fileOf(slug), JSON.stringify(record));
    }
    // What each page asked the service for: the sources from the cursor's on, and a bounded number of tools.
    const asked: { fromSource?: string; listed: number }[] = [];
    const recording: SourceService<FileSourceStore> = {
      ...service,
      listTools: async (options) => {
        const tools = await service.listTools(options);
        asked.push({ fromSource: options?.fromSource, listed: tools.length });
        return tools;
      },
    };
    const paged = createMcpServer(recording, { toolPageSize: 3 });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const pagedClient = new Client({ name: "paged-client", version: "1.0.0" });
    await Promise.all([paged.connect(serverTransport), pagedClient.connect(clientTransport)]);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const answer = await pagedClient.listTools(cursor === undefined ? {} : { cursor });
      expect(answer.tools.length).toBeLessThanOrEqual(3);
      names.push(...answer.tools.map((tool) => tool.name));
      cursor = answer.nextCursor;
    } while (cursor !== undefined);
    await pagedClient.close();
    const expected = ["api_demo"];
    for (const index of [0, 1, 2, 4, 5, 6, 7]) expected.push(`api_split_${index}`, `api_split_${index}_write`);
    expect(names).toEqual(expected);
    expect(asked.map((page) => page.fromSource)).toEqual([undefined, "split-0", "split-2", "split-4", "split-6"]);
    // No page built every source's tools: at most a page, one source's kinds and one more.
    for (const page of asked) expect(page.listed).toBeLessThanOrEqual(3 + 3 + 2);
  });

  it("refuses a cursor it did not hand out, saying to list again", async () => {
    await expect(client.listTools({ cursor: "not-a-cursor" })).rejects.toThrow(
      /cursor: not a cursor this server handed out/,
    );
  });
});
