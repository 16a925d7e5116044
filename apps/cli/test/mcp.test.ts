import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";
import { srcMcpTransport } from "./helpers/src-mcp-transport";

const secret = "mcp-secret-1234567890abcdef";
let temp: TempHome;
let upstream: Upstream;
let client: Client;
let stderr = "";
let listChanged = 0;
const listChangedWaiters: (() => void)[] = [];

/** Resolves at the next `notifications/tools/list_changed` after it was called. */
function nextListChanged(): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no notifications/tools/list_changed within 10 s")), 10_000);
    listChangedWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Whether no `notifications/tools/list_changed` arrives within `ms` (the watcher's debounce is 150 ms). */
async function quietFor(ms: number): Promise<boolean> {
  const before = listChanged;
  await new Promise((resolve) => setTimeout(resolve, ms));
  return listChanged === before;
}

beforeAll(async () => {
  upstream = await startUpstream({ type: "bearer", token: secret });
});
afterAll(() => upstream.close());

// A home and an `src mcp` per test: a test that disables or edits the source changes only its own.
beforeEach(async () => {
  temp = await createTempHome();
  stderr = "";
  listChanged = 0;
  listChangedWaiters.length = 0;
  const added = await runSrc(sourceAddArgs({ name: "Echo", baseUrl: upstream.url }, ...bearerFromStdin), {
    env: temp.env,
    stdin: secret,
  });
  expect(added.code, added.stderr).toBe(0);

  const transport = srcMcpTransport(temp.env, (text) => (stderr += text));
  client = new Client({ name: "cli-test", version: "0.0.0" });
  client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
    listChanged += 1;
    for (const waiter of listChangedWaiters.splice(0)) waiter();
  });
  await client.connect(transport);
});

afterEach(async () => {
  await client?.close();
  expect(stderr).not.toContain(secret);
  await temp.cleanup();
});

describe("src mcp, driven by the official SDK client", () => {
  it("announces tools with listChanged and lists one tool per enabled source", async () => {
    expect(client.getServerCapabilities()?.tools?.listChanged).toBe(true);
    expect(client.getServerVersion()?.name).toBe("src");
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["api_echo"]);
    expect(tools[0]!.inputSchema.type).toBe("object");
  });

  it("calls a tool against the local upstream; the credential is attached, never returned", async () => {
    const result = await client.callTool({
      name: "api_echo",
      arguments: { method: "GET", path: "/items", query: { limit: 2 } },
    });
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(upstream.received.at(-1)).toMatchObject({ method: "GET", path: "/items", query: { limit: "2" } });
    const failed = await client.callTool({ name: "api_echo", arguments: { method: "GET", path: "/missing" } });
    expect(failed.isError).toBe(true);
  });

  it("sends tools/list_changed after `src source reload` in another process", async () => {
    // Caused by the reload: nothing is sent while nothing changes.
    expect(await quietFor(1_000), "a tools/list_changed arrived while no source changed").toBe(true);
    const changed = nextListChanged();
    const reload = await runSrc(["source", "reload", "echo"], { env: temp.env });
    expect(reload.code).toBe(0);
    await changed;
    // The client then lists the reloaded source, from its status on disk.
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_echo"]);
  });

  it("sends tools/list_changed after config.json is edited, and the next list reflects it", async () => {
    const file = join(temp.home, "sources", "echo", "config.json");
    const record = JSON.parse(await readFile(file, "utf8"));
    const changed = nextListChanged();
    await writeFile(file, JSON.stringify({ ...record, enabled: false }, null, 2));
    await changed;
    expect((await client.listTools()).tools).toEqual([]);

    const again = nextListChanged();
    const enabled = await runSrc(["source", "enable", "echo"], { env: temp.env });
    expect(enabled.code).toBe(0);
    await again;
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_echo"]);
  });

  it("lists what `src source disable|enable` changed in another process as soon as it ended, before the watcher's quiet time", async () => {
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_echo"]);
    const disabled = await runSrc(["source", "disable", "echo"], { env: temp.env });
    expect(disabled.code, disabled.stderr).toBe(0);
    expect((await client.listTools()).tools).toEqual([]);
    const enabled = await runSrc(["source", "enable", "echo"], { env: temp.env });
    expect(enabled.code, enabled.stderr).toBe(0);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_echo"]);
  });

  it("lists the tools while the vault is damaged; a call answers how to recover, and nothing is sent", async () => {
    const before = upstream.received.length;
    await writeFile(join(temp.home, "vault.json"), '{"version": 2, "entries": ');
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["api_echo"]);
    const result = await client.callTool({ name: "api_echo", arguments: { method: "GET", path: "/items" } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/vault file .* is damaged.*src vault reset/);
    expect(upstream.received.length).toBe(before);
  });
});
