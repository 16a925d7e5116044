import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startUpstream } from "../../test/upstream";
import { createTemporaryHome } from "../../test/temporary-home";
import { openVault } from "@src/vault";
import { createSourceService } from "./create-source-service";
import type { SourceService } from "./source-service";

const token = "tok_live_5b1f0c3e9a7d";

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;
let service: SourceService;

const input = (overrides: Record<string, unknown> = {}) => ({
  type: "api",
  name: "Demo API",
  enabled: true,
  api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me" },
  ...overrides,
});

beforeEach(async () => {
  upstream = await startUpstream(token);
  home = await createTemporaryHome();
  service = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
});

afterEach(async () => {
  await upstream.close();
  await home.remove();
});

/** demo-api's config.json as it is on disk. */
async function readDemoConfig() {
  const text = await readFile(join(home.home, "sources/demo-api/config.json"), "utf8");
  return JSON.parse(text) as {
    api: { baseUrl: string; testEndpoint: string };
    status: { connectionStatus: string } & Record<string, unknown>;
  };
}

/** Edits demo-api's `api` in its config.json by hand, as an operator would. */
async function editDemoConfig(edit: (api: { baseUrl: string; testEndpoint: string }) => void): Promise<void> {
  const record = await readDemoConfig();
  edit(record.api);
  await writeFile(join(home.home, "sources/demo-api/config.json"), JSON.stringify(record));
}

describe("addSource", () => {
  it("writes config.json, stores the credential encrypted, and validates right away", async () => {
    const { source, validation } = await service.addSource({ input: input(), credential: { token } });
    expect(source.slug).toBe("demo-api");
    expect(validation?.status).toBe("connected");
    expect(upstream.seen.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
    expect((await readDemoConfig()).status.connectionStatus).toBe("connected");
    expect(await service.getSource("demo-api")).toMatchObject({ hasCredential: true });
    expect((await home.allFileBytes()).includes(token)).toBe(false);
  });

  it("skips the test with test: false and leaves the status untested", async () => {
    const { source, validation } = await service.addSource({ input: input(), credential: { token }, test: false });
    expect(validation).toBeNull();
    expect(source.status.connectionStatus).toBe("untested");
    expect(upstream.seen).toHaveLength(0);
  });

  it("refuses a credential with a line break and writes nothing", async () => {
    await expect(service.addSource({ input: input(), credential: { token: "abc\r\nX-Evil: 1" } })).rejects.toThrow(
      /token/,
    );
    expect(await service.listSources()).toEqual([]);
  });

  it("refuses an invalid record, naming every field, and writes nothing", async () => {
    const bad = input({ api: { baseUrl: "ftp://x", authType: "header", testEndpoint: "me" } });
    const error = await service.addSource({ input: bad, credential: { key: "k-123456" } }).then(
      () => expect.unreachable("an invalid record must be refused"),
      (caught: unknown) => caught as Error,
    );
    expect(error.message).toContain("api.baseUrl");
    expect(error.message).toContain("api.headerName");
    expect(error.message).toContain("api.testEndpoint");
    expect(await service.listSources()).toEqual([]);
  });

  it("reports needs_auth when the API rejects the credential", async () => {
    const { validation } = await service.addSource({ input: input(), credential: { token: "wrong-token" } });
    expect(validation?.status).toBe("needs_auth");
    expect(validation?.message).toMatch(/Authorization/);
  });
});

describe("reloadSource", () => {
  it("re-reads an edited config.json and records the failure", async () => {
    await service.addSource({ input: input(), credential: { token } });
    await editDemoConfig((api) => (api.testEndpoint = "/does-not-exist"));
    const { validation, source } = await service.reloadSource("demo-api");
    expect(validation?.status).toBe("failed");
    expect(validation?.httpStatus).toBe(404);
    expect(source.status.connectionStatus).toBe("failed");
    // The edited endpoint was really requested, with the credential, and its failure is what was recorded.
    expect(upstream.seen.at(-1)).toMatchObject({
      method: "GET",
      url: "/does-not-exist",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(validation?.message).toBe(
      `GET ${upstream.url}/does-not-exist answered 404: the testEndpoint does not exist on this API`,
    );
    expect(source.status.lastError).toBe(
      `NOT_FOUND: ${validation?.message} — check api.testEndpoint and the version segment of api.baseUrl; a current-user path ("/me") or a one-item list ("/items?limit=1") works well`,
    );
    expect(Date.parse(source.status.lastTestedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    // Saved on disk, not only returned.
    const saved = await readDemoConfig();
    expect(saved.api.testEndpoint).toBe("/does-not-exist");
    expect(saved.status).toEqual(source.status);
  });

  it("names the slug when it does not exist", async () => {
    await expect(service.reloadSource("nope")).rejects.toThrow(/nope/);
  });
});

describe("tools and calls", () => {
  it("lists one tool per enabled source and calls it with the credential attached, redacted in the result", async () => {
    await service.addSource({ input: input(), credential: { token } });
    await service.addSource({ input: input({ name: "Off", enabled: false }), credential: { token }, test: false });
    const tools = await service.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["api_demo_api"]);
    expect(tools[0]).toMatchObject({
      source: "demo-api",
      authType: "bearer",
      connectionStatus: "connected",
      hasCredential: true,
    });
    const result = await service.callTool("api_demo_api", { method: "get", path: "/echo", query: { q: "x" } });
    expect(result.ok).toBe(true);
    expect(JSON.stringify(result)).not.toContain(token);
    expect(JSON.stringify(result)).toContain("[REDACTED]");
    const disabled = await service.callTool("off", { method: "GET", path: "/me" });
    expect(disabled.error?.code).toBe("SOURCE_DISABLED");
  });

  it("answers NO_CREDENTIAL after the credential is deleted", async () => {
    await service.addSource({ input: input(), credential: { token } });
    expect(await service.deleteCredential("demo-api")).toBe(true);
    const result = await service.callTool("demo-api", { method: "GET", path: "/me" });
    expect(result.error?.code).toBe("NO_CREDENTIAL");
  });

  it("throws UNKNOWN_TOOL for a tool that names no source", async () => {
    await expect(service.callTool("api_missing", { method: "GET", path: "/" })).rejects.toMatchObject({
      code: "UNKNOWN_TOOL",
    });
  });
});

describe("a credential with a misspelt key", () => {
  it("says the field is required and names the key sent with the field probably meant, storing nothing", async () => {
    await service.addSource({ input: input(), test: false });
    const expected = 'invalid bearer credential: token: is required; tokn: is not a known field; did you mean "token"?';
    await expect(service.setCredential("demo-api", { tokn: "abc" }, { test: false })).rejects.toMatchObject({
      code: "INVALID_CREDENTIAL",
      message: expected,
    });
    await expect(
      service.addSource({ input: input({ name: "Second API" }), credential: { tokn: "abc" }, test: false }),
    ).rejects.toMatchObject({ code: "INVALID_CREDENTIAL", message: expected });
    expect((await service.getSource("demo-api")).hasCredential).toBe(false);
    // A key of the right type under the right name is taken as before.
    await service.setCredential("demo-api", { token }, { test: false });
    expect((await service.getSource("demo-api")).hasCredential).toBe(true);
  });
});

describe("the credential is bound to the base URL it was stored for", () => {
  it("never sends it to a new origin after baseUrl changes, until it is stored again", async () => {
    await service.addSource({ input: input(), credential: { token } });
    const other = await startUpstream(token, "127.0.0.2");
    try {
      await service.updateSource("demo-api", { api: { baseUrl: other.url } });
      expect((await service.getSource("demo-api")).hasCredential).toBe(false);
      const refused = await service.callTool("demo-api", { method: "GET", path: "/me" });
      expect(refused.error?.code).toBe("NO_CREDENTIAL");
      const { validation } = await service.reloadSource("demo-api");
      expect(validation?.status).toBe("failed");
      expect(other.seen).toHaveLength(0);
      await service.setCredential("demo-api", { token }, { test: false });
      expect((await service.callTool("demo-api", { method: "GET", path: "/me" })).ok).toBe(true);
      expect(other.seen.at(-1)?.headers.authorization).toBe(`Bearer ${token}`);
    } finally {
      await other.close();
    }
  });

  it("does not send a credential stored without a scope (directly through the vault), until it is stored again", async () => {
    await service.addSource({ input: input(), test: false });
    const vault = await openVault({ home: home.home, env: home.env });
    await vault.set("demo-api", { token });
    expect((await service.getSource("demo-api")).hasCredential).toBe(false);
    expect((await service.callTool("demo-api", { method: "GET", path: "/me" })).error?.code).toBe("NO_CREDENTIAL");
    expect(upstream.seen).toHaveLength(0);
    await service.setCredential("demo-api", { token }, { test: false });
    expect((await service.callTool("demo-api", { method: "GET", path: "/me" })).ok).toBe(true);
  });

  it("turns a connected source untested when updateSource moves its baseUrl, saying to set the credential again", async () => {
    await service.addSource({ input: input(), credential: { token } });
    const moved = await service.updateSource("demo-api", { api: { baseUrl: "http://127.0.0.2:9/v2" } });
    expect(moved.status).toMatchObject({ connectionStatus: "untested" });
    expect(moved.status.lastError).toBe(
      "api.baseUrl changed to http://127.0.0.2:9/v2: the stored credential belongs to the old address and is never sent to the new one; set the credential again for the new address (that tests the source again)",
    );
    expect((await service.listTools())[0]).toMatchObject({ connectionStatus: "untested", hasCredential: false });
    // A change that keeps the origin and base path keeps the status.
    await service.updateSource("demo-api", { api: { baseUrl: upstream.url } });
    await service.setCredential("demo-api", { token });
    expect(
      (await service.updateSource("demo-api", { name: "Renamed", api: { baseUrl: `${upstream.url}/` } })).status
        .connectionStatus,
    ).toBe("connected");
  });

  it("turns a connected multi-header source untested when updateSource changes api.headerNames, saying to set the credential again", async () => {
    const multi = input({
      api: { baseUrl: upstream.url, authType: "multi-header", headerNames: ["Authorization"], testEndpoint: "/me" },
    });
    const added = await service.addSource({ input: multi, credential: { Authorization: `Bearer ${token}` } });
    expect(added.validation?.status).toBe("connected");
    const renamed = await service.updateSource("demo-api", { api: { headerNames: ["Authorization", "X-Tenant"] } });
    expect(renamed.status).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringMatching(/^api.headerNames changed: .*set the credential again with one value per name/),
    });
    const call = await service.callTool("demo-api", { method: "GET", path: "/me" });
    expect(call.error?.message).toMatch(/no value is stored for header "X-Tenant"/);
    // Setting it again with a value per name tests it again; an edit that keeps the names keeps the status.
    const set = await service.setCredential("demo-api", { Authorization: `Bearer ${token}`, "X-Tenant": "t1" });
    expect(set.validation?.status).toBe("connected");
    expect((await service.updateSource("demo-api", { name: "Renamed" })).status.connectionStatus).toBe("connected");
  });

  it("turns a connected source untested when config.json is edited by hand to another baseUrl", async () => {
    await service.addSource({ input: input(), credential: { token } });
    await editDemoConfig((api) => (api.baseUrl = "http://127.0.0.2:9/v2"));
    expect((await service.getSource("demo-api")).source.status).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringContaining("set the credential again for the new address"),
    });
    expect((await readDemoConfig()).status.connectionStatus).toBe("untested");
  });

  it.each([false, true])(
    "lists a connected source edited by hand to another baseUrl as untested, without its credential (listing kept in memory: %s)",
    async (kept) => {
      await service.addSource({ input: input(), credential: { token } });
      if (kept) service.keepListingInMemory();
      expect((await service.listTools())[0]).toMatchObject({ connectionStatus: "connected", hasCredential: true });
      await editDemoConfig((api) => (api.baseUrl = "http://127.0.0.2:9/v2"));
      service.sourcesChanged(["demo-api"]);
      expect((await service.listTools())[0]).toMatchObject({
        baseUrl: "http://127.0.0.2:9/v2",
        connectionStatus: "untested",
        hasCredential: false,
      });
      expect((await readDemoConfig()).status.connectionStatus).toBe("untested");
    },
  );

  it("turns a tested multi-header source untested when config.json is edited by hand to other api.headerNames; a test made after keeps its status", async () => {
    const multi = input({
      api: {
        baseUrl: upstream.url,
        authType: "multi-header",
        headerNames: ["Authorization", "X-Tenant"],
        testEndpoint: "/me",
      },
    });
    const credential = { Authorization: `Bearer ${token}`, "X-Tenant": "tenant-7c2e" };
    expect((await service.addSource({ input: multi, credential })).validation?.status).toBe("connected");
    expect((await service.getSource("demo-api")).source.status.connectionStatus).toBe("connected");
    // One name fewer: the calls send other headers than the test did.
    await editDemoConfig((api) => Object.assign(api, { headerNames: ["Authorization"] }));
    const edited = (await service.getSource("demo-api")).source;
    expect(edited.status).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringMatching(/^api.headerNames changed: .*set the credential again with one value per name/),
    });
    expect((await readDemoConfig()).status.connectionStatus).toBe("untested");
    // What the entry records is no field of the credential.
    expect(Object.keys((await service.getCredential("demo-api")) ?? {})).toEqual(["Authorization", "X-Tenant"]);
    // A test with the names it has now is what the status says, read after read.
    expect((await service.reloadSource("demo-api")).validation?.status).toBe("connected");
    expect((await service.getSource("demo-api")).source.status.connectionStatus).toBe("connected");
    expect((await service.listTools())[0]).toMatchObject({ connectionStatus: "connected", hasCredential: true });
    // A name more, by hand, after a failed test: untested too, and a call sends nothing, naming the header.
    await editDemoConfig((api) => (api.testEndpoint = "/does-not-exist"));
    expect((await service.reloadSource("demo-api")).validation?.status).toBe("failed");
    await editDemoConfig((api) => Object.assign(api, { headerNames: ["Authorization", "X-Region"] }));
    expect((await service.listSources())[0]).toMatchObject({ source: { status: { connectionStatus: "untested" } } });
    const seen = upstream.seen.length;
    const call = await service.callTool("demo-api", { method: "GET", path: "/me" });
    expect(call.error?.message).toMatch(/no value is stored for header "X-Region".*src credential set demo-api/);
    expect(upstream.seen).toHaveLength(seen);
    expect((await home.allFileBytes()).includes(token)).toBe(false);
  });

  it("turns a connected per-user source untested when config.json is edited by hand to another baseUrl", async () => {
    const perUser = input({
      api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me", credentials: "per-user" },
    });
    expect((await service.addSource({ input: perUser, credential: { token } })).validation?.status).toBe("connected");
    await editDemoConfig((api) => (api.baseUrl = "http://127.0.0.2:9/v2"));
    expect((await service.getSource("demo-api")).source.status).toMatchObject({
      connectionStatus: "untested",
      lastError: expect.stringContaining("set the credential again for the new address"),
    });
    expect((await readDemoConfig()).status.connectionStatus).toBe("untested");
  });

  it("also unbinds it when only the base path changes", async () => {
    await service.addSource({ input: input(), credential: { token }, test: false });
    await service.updateSource("demo-api", { api: { baseUrl: `${upstream.url}/admin` } });
    expect((await service.callTool("demo-api", { method: "GET", path: "/me" })).error?.code).toBe("NO_CREDENTIAL");
    expect(upstream.seen).toHaveLength(0);
  });
});

describe("changes", () => {
  it("notifies listeners and removes config and credential together", async () => {
    const changes: string[] = [];
    service.onChange(({ slug, kind }) => changes.push(`${kind}:${slug}`));
    await service.addSource({ input: input(), credential: { token }, test: false });
    await service.setEnabled("demo-api", false);
    await service.setCredential("demo-api", { token: "another-token" }, { test: false });
    await service.removeSource("demo-api");
    expect(changes).toEqual(["added:demo-api", "updated:demo-api", "credential:demo-api", "removed:demo-api"]);
    await expect(stat(join(home.home, "sources/demo-api"))).rejects.toThrow();
    const fresh = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
    expect(await fresh.listSources()).toEqual([]);
    await fresh.addSource({ input: input(), test: false });
    expect((await fresh.getSource("demo-api")).hasCredential).toBe(false);
  });
});

describe("long slugs", () => {
  it("gives a 63-character slug a tool name within 64 characters that still calls it", async () => {
    const slug = `demo-${"x".repeat(58)}`;
    await service.addSource({ input: input({ slug }), credential: { token }, test: false });
    const [tool] = await service.listTools();
    expect(tool?.name.length).toBeLessThanOrEqual(64);
    expect(tool?.source).toBe(slug);
    const result = await service.callTool(tool!.name, { method: "GET", path: "/me" });
    expect(result.ok).toBe(true);
  });
});
