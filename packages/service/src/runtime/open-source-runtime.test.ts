import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultAuthPlugins } from "@src/auth-presets";
import { createSourceStore } from "@src/config";
import { createMemoryRateLimitStore } from "@src/http-tool";
import { openVault } from "@src/vault";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readCallAuditLines } from "../audit/call-audit-reader";
import { SERVICE_ERROR_CODES } from "../errors/service-error";
import { createTemporaryHome } from "../../test/temporary-home";
import { startUpstream } from "../../test/upstream";
import { openSourceRuntime } from "./open-source-runtime";
import type { SourceStorage } from "./source-storage";

const token = "tok_live_9c2e41d7b3a8";

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;
const input = () => ({
  type: "api",
  name: "Demo API",
  enabled: true,
  api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me" },
});

beforeEach(async () => {
  upstream = await startUpstream(token);
  home = await createTemporaryHome();
});

afterEach(async () => {
  await upstream.close();
  await home.remove();
});

describe("openSourceRuntime", () => {
  it("builds the service over the files in the home, with the built-in modes, and audits the calls of `audited`", async () => {
    const runtime = await openSourceRuntime({ env: home.env, plugins: defaultAuthPlugins() });
    expect(runtime.home).toBe(home.home);
    expect(runtime.storage).toBeUndefined();
    expect(runtime.registry.find("bearer")?.type).toBe("bearer");
    const { validation } = await runtime.service.addSource({ input: input(), credential: { token } });
    expect(validation?.status).toBe("connected");
    expect((await stat(join(home.home, "sources", "demo-api", "config.json"))).isFile()).toBe(true);

    const result = await runtime.audited("cli").callTool("api_demo_api", { method: "GET", path: "/me" });
    expect(result.status).toBe(200);
    const { lines } = await readCallAuditLines(runtime.auditLog.file);
    expect(lines).toEqual([
      expect.objectContaining({
        channel: "cli",
        source: "demo-api",
        method: "GET",
        path: "/me",
        status: 200,
        outcome: "sent",
      }),
    ]);
    expect(await readFile(runtime.auditLog.file, "utf8")).not.toContain(token);
    await runtime.close();
  });

  it("puts the sources, the credentials and the rate limits where the storage the app opens says, and closes it", async () => {
    const elsewhere = await mkdtemp(join(tmpdir(), "src-runtime-storage-"));
    let closed = 0;
    let given: { home: string; types: readonly string[] } | undefined;
    try {
      const runtime = await openSourceRuntime<SourceStorage>({
        env: home.env,
        plugins: defaultAuthPlugins(),
        openStorage: async ({ registry, home: opened, env }) => {
          given = { home: opened, types: ["bearer", "header"].filter((type) => registry.find(type) !== undefined) };
          return {
            sources: createSourceStore({ home: elsewhere, registry }),
            vault: await openVault({ home: elsewhere, env }),
            rateLimits: createMemoryRateLimitStore(),
            close: async () => void (closed += 1),
          };
        },
      });
      expect(given).toEqual({ home: home.home, types: ["bearer", "header"] });
      await runtime.service.addSource({ input: input(), credential: { token } });
      expect(await readdir(join(elsewhere, "sources"))).toContain("demo-api");
      expect(await runtime.service.getCredential("demo-api")).toEqual({ token });
      expect((await (await openVault({ home: elsewhere, env: home.env })).list()).map((entry) => entry.slug)).toEqual([
        "demo-api",
      ]);
      await expect(stat(join(home.home, "sources"))).rejects.toMatchObject({ code: "ENOENT" });
      expect(runtime.service.rateLimits).toBe(runtime.storage?.rateLimits);
      await runtime.close();
      expect(closed).toBe(1);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it("refuses a broken SRC_AUTH_PLUGINS module before opening the storage or writing anything", async () => {
    const module = join(home.home, "broken-plugin.mjs");
    await writeFile(module, "export default {\n");
    let opened = false;
    const before = await readdir(home.home);
    await expect(
      openSourceRuntime({
        env: { ...home.env, SRC_AUTH_PLUGINS: module },
        plugins: defaultAuthPlugins(),
        openStorage: async () => {
          opened = true;
          throw new Error("must not be opened");
        },
      }),
    ).rejects.toMatchObject({ code: SERVICE_ERROR_CODES.AUTH_PLUGIN_LOAD_FAILED, specifier: module });
    expect(opened).toBe(false);
    expect(await readdir(home.home)).toEqual(before);
  });

  it("uses a given registry as it is, without reading SRC_AUTH_PLUGINS", async () => {
    const { createDefaultAuthRegistry } = await import("@src/auth-presets");
    const registry = createDefaultAuthRegistry();
    const runtime = await openSourceRuntime({
      env: { ...home.env, SRC_AUTH_PLUGINS: "./no-such-module.js" },
      plugins: [],
      registry,
    });
    expect(runtime.registry).toBe(registry);
    expect(runtime.service.registry).toBe(registry);
  });
});
