import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createDefaultAuthRegistry } from "@src/auth-presets";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startUpstream } from "../../test/upstream";
import { createTemporaryHome } from "../../test/temporary-home";
import { createSourceService } from "./create-source-service";
import type { FileSourceStore } from "@src/config";
import type { SourceService } from "./source-service";

const token = "tok_kept_3f9a1c2e7b";

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;
let service: SourceService<FileSourceStore>;

const input = (slug: string) => ({
  type: "api",
  name: `Source ${slug}`,
  slug,
  enabled: true,
  api: { baseUrl: upstream.url, authType: "bearer", testEndpoint: "/me" },
});

/** Edits a config.json behind the service's back, as another process or an editor would. */
async function editByHand(slug: string, changes: Record<string, unknown>): Promise<void> {
  const file = service.store.fileOf(slug);
  const record = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...record, ...changes }, null, 2));
}

const names = async (): Promise<Record<string, string>> =>
  Object.fromEntries((await service.listTools()).map((tool) => [tool.source, tool.sourceName]));

beforeEach(async () => {
  upstream = await startUpstream(token);
  home = await createTemporaryHome();
  service = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
  for (const slug of ["alpha", "beta", "gamma"])
    await service.addSource({ input: input(slug), credential: { token }, test: false });
  service.keepListingInMemory();
});

afterEach(async () => {
  await upstream.close();
  await home.remove();
});

describe("keepListingInMemory", () => {
  it("lists from memory and reads again only the sources it is told changed", async () => {
    expect(await names()).toEqual({ alpha: "Source alpha", beta: "Source beta", gamma: "Source gamma" });
    await editByHand("alpha", { name: "Alpha edited" });
    await editByHand("beta", { name: "Beta edited" });
    // Nobody said so: the kept listing stands (this is what a watcher is for).
    expect((await names()).alpha).toBe("Source alpha");
    service.sourcesChanged(["alpha"]);
    expect(await names()).toEqual({ alpha: "Alpha edited", beta: "Source beta", gamma: "Source gamma" });
    service.sourcesChanged(undefined);
    expect(await names()).toEqual({ alpha: "Alpha edited", beta: "Beta edited", gamma: "Source gamma" });
  });

  it("sees this service's own changes without being told", async () => {
    await service.listTools();
    await service.updateSource("alpha", { name: "Renamed here" });
    await service.setEnabled("beta", false);
    await service.removeSource("gamma");
    await service.addSource({ input: input("delta"), test: false });
    expect(await names()).toEqual({ alpha: "Renamed here", delta: "Source delta" });
    const listed = await service.listSources();
    expect(listed.map((entry) => [entry.slug, entry.hasCredential])).toEqual([
      ["alpha", true],
      ["beta", true],
      ["delta", false],
    ]);
  });

  it("follows added, removed and broken sources it is told about, in slug order", async () => {
    await service.listTools();
    const template = JSON.parse(await readFile(service.store.fileOf("alpha"), "utf8")) as Record<string, unknown>;
    await mkdir(service.store.directoryOf("aardvark"), { recursive: true });
    await writeFile(
      service.store.fileOf("aardvark"),
      JSON.stringify({ ...template, slug: "aardvark", name: "Added by hand" }),
    );
    await rm(service.store.directoryOf("beta"), { recursive: true });
    await writeFile(service.store.fileOf("gamma"), "{ not json");
    service.sourcesChanged(["aardvark", "beta", "gamma"]);
    const listed = await service.listSources();
    expect(listed.map((entry) => [entry.slug, entry.ok])).toEqual([
      ["aardvark", true],
      ["alpha", true],
      ["gamma", false],
    ]);
    expect((await service.listTools()).map((tool) => tool.name)).toEqual(["api_aardvark", "api_alpha"]);
  });

  it("hands out a listing no caller can change for the next one", async () => {
    const [first] = await service.listTools();
    expect(() => {
      first!.inputSchema.type = "changed";
    }).toThrow(TypeError);
    const [entry] = await service.listSources();
    expect(() => {
      if (entry!.ok) (entry!.source as { name: string }).name = "changed";
    }).toThrow(TypeError);
    expect((await service.listTools())[0]!.inputSchema.type).toBe("object");
  });

  it("tells whether a credential is stored from the vault as it is now, not as it was", async () => {
    expect((await service.listTools()).find((tool) => tool.source === "alpha")?.hasCredential).toBe(true);
    await service.deleteCredential("alpha");
    expect((await service.listTools()).find((tool) => tool.source === "alpha")?.hasCredential).toBe(false);
  });

  it("with the watcher's catchUp, a listing shows what another process changed just before it was asked for", async () => {
    expect(Object.keys(await names())).toEqual(["alpha", "beta", "gamma"]);
    // The watcher's quiet time is far longer than the test: only catchUp() can make the change show in time.
    const watching = service.store.watch((changed) => service.sourcesChanged(changed), { debounceMs: 60_000 });
    service.keepListingInMemory({ catchUp: async () => watching.catchUp?.() });
    try {
      const other = createSourceService({ home: home.home, env: home.env, registry: createDefaultAuthRegistry() });
      await other.setEnabled("beta", false);
      await other.updateSource("gamma", { name: "Renamed elsewhere" });
      expect(await names()).toEqual({ alpha: "Source alpha", gamma: "Renamed elsewhere" });
      await other.removeSource("alpha");
      expect((await service.listSources()).map((entry) => entry.slug)).toEqual(["beta", "gamma"]);
    } finally {
      watching();
    }
  });
});
