import { readFile, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createTestRegistry } from "../../test/auth-plugins";
import { bearerSourceInput } from "../../test/source-inputs";
import { useTemporaryHome } from "../../test/temporary-home";
import { createFileSignatureCache } from "./file-signature-cache";
import { createSourceStore } from "./source-store";

const input = bearerSourceInput("Cached", "https://api.example.com");

describe("the store's parse cache", () => {
  const temporaryHome = useTemporaryHome();

  it("sees a hand edit of config.json at once, even one that keeps the file's size", async () => {
    const store = createSourceStore({ home: await temporaryHome(), registry: createTestRegistry() });
    await store.create(input);
    expect((await store.get("cached")).name).toBe("Cached");
    const file = store.fileOf("cached");
    await writeFile(file, (await readFile(file, "utf8")).replace('"Cached"', '"Cachex"'));
    expect((await store.get("cached")).name).toBe("Cachex");
  });

  it("hands out copies: changing a returned record changes nothing the next caller sees", async () => {
    const store = createSourceStore({ home: await temporaryHome(), registry: createTestRegistry() });
    await store.create(input);
    const first = await store.get("cached");
    first.api.baseUrl = "https://evil.example";
    first.enabled = false;
    const second = await store.get("cached");
    expect(second.api.baseUrl).toBe("https://api.example.com");
    expect(second.enabled).toBe(true);
  });

  it("sees an update made by another store on the same home (another process)", async () => {
    const home = await temporaryHome();
    const reader = createSourceStore({ home, registry: createTestRegistry() });
    const writer = createSourceStore({ home, registry: createTestRegistry() });
    await writer.create(input);
    expect((await reader.get("cached")).enabled).toBe(true);
    await writer.update("cached", { enabled: false });
    expect((await reader.get("cached")).enabled).toBe(false);
  });
});

describe("createFileSignatureCache", () => {
  it("keeps a value while the signature matches, and misses on another signature or none", () => {
    const cache = createFileSignatureCache<{ name: string }>();
    cache.set("a", "1:1", { name: "A" });
    expect(cache.get("a", "1:1")).toEqual({ name: "A" });
    expect(cache.get("a", "1:2")).toBeUndefined();
    expect(cache.get("a", undefined)).toBeUndefined();
  });

  it("retain drops the entries of keys no longer present (removed sources) and keeps the others", () => {
    const cache = createFileSignatureCache<string>();
    for (const key of ["a", "b", "c"]) cache.set(key, `${key}:1`, key.toUpperCase());
    cache.retain(new Set(["b", "x"]));
    expect(cache.size).toBe(1);
    expect(cache.get("a", "a:1")).toBeUndefined();
    expect(cache.get("b", "b:1")).toBe("B");
    expect(cache.get("c", "c:1")).toBeUndefined();
  });

  it("setting a value without a signature (the file is gone) removes the entry", () => {
    const cache = createFileSignatureCache<string>();
    cache.set("a", "a:1", "A");
    cache.set("a", undefined, "A");
    expect(cache.size).toBe(0);
  });
});
