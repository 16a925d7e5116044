import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSecondProcess } from "./helpers/run-second-process";
import { useServerPerTest } from "./helpers/use-server-per-test";

const upstreamToken = "upstream-token-mcp-3e7f9a1c04";
const setup = useServerPerTest({ upstreamToken, sources: ["mcp-one"] });
let client: Client;
let transport: StreamableHTTPClientTransport;
let changeListeners: (() => void)[] = [];

/** Resolves at the next tools/list_changed notification (bounded by the test time-out). */
const nextListChanged = (): Promise<void> => new Promise((resolve) => changeListeners.push(resolve));

async function connect(token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const mcpTransport = new StreamableHTTPClientTransport(new URL(`${setup.server.server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  const mcpClient = new Client({ name: "server-test", version: "1.0.0" });
  await mcpClient.connect(mcpTransport);
  return { client: mcpClient, transport: mcpTransport };
}

// A home, a server and a client per test, with the one source "mcp-one": a test that edits or adds sources changes only its own.
beforeEach(async () => {
  changeListeners = [];
  ({ client, transport } = await connect(setup.testHome.adminToken));
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    const listeners = changeListeners;
    changeListeners = [];
    for (const listener of listeners) listener();
  });
});

afterEach(async () => {
  await client.close();
});

describe("MCP over Streamable HTTP (official SDK client)", () => {
  it("refuses a client without the admin token", async () => {
    await expect(connect("wrong-admin-token-0123456789")).rejects.toThrow();
  });

  it("lists one tool per enabled source", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["api_mcp_one"]);
    expect(tools[0]!.inputSchema).toMatchObject({ type: "object" });
  });

  it("calls a tool; the result holds the upstream answer and no secret", async () => {
    const result = await client.callTool({ name: "api_mcp_one", arguments: { method: "GET", path: "/items" } });
    const text = JSON.stringify(result);
    expect(result.isError).toBeFalsy();
    expect(text).toContain("first");
    expect(text).not.toContain(upstreamToken);
    expect(setup.upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${upstreamToken}`);
    const logged = setup.server.logs
      .records()
      .filter((record) => record.event === "tool_call")
      .at(-1);
    expect(logged).toMatchObject({ channel: "mcp", source: "mcp-one", path: "/items", status: 200 });
  });

  it("sends tools/list_changed after POST /v1/sources/{slug}/reload", async () => {
    const changed = nextListChanged();
    expect((await setup.server.api("POST", "/v1/sources/mcp-one/reload")).status).toBe(200);
    await changed;
  });

  it("sends tools/list_changed after config.json is edited by hand", async () => {
    const file = join(setup.testHome.home, "sources", "mcp-one", "config.json");
    const record = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    const changed = nextListChanged();
    await writeFile(file, `${JSON.stringify({ ...record, name: "Edited by hand" }, null, 2)}\n`);
    await changed;
    const { tools } = await client.listTools();
    expect(tools[0]!.title ?? tools[0]!.annotations?.title).toBe("Edited by hand");
  });

  it("sends tools/list_changed when another process adds a source, and lists the new tool", async () => {
    const changed = nextListChanged();
    await runSecondProcess({
      env: setup.testHome.env,
      baseUrl: setup.upstream.url,
      slugs: ["mcp-two"],
      token: upstreamToken,
    });
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["api_mcp_one", "api_mcp_two"]);
  });

  it("drops the session when the client ends it", async () => {
    const second = await connect(setup.testHome.adminToken);
    expect(setup.server.server.serverApp.mcpSessionCount()).toBe(2);
    await second.transport.terminateSession();
    await second.client.close();
    expect(setup.server.server.serverApp.mcpSessionCount()).toBe(1);
    expect(transport.sessionId).toEqual(expect.any(String));
  });
});
