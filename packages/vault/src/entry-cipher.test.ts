import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { entryAssociatedData, openEntry, sealEntry } from "./entry-cipher";

// Found by mutation testing (`pnpm mutation`): the vault tests went through whole files, where the schema catches
// some of what the cipher must refuse on its own, and where a changed associated-data layout is read back by the same
// code. These pin the cipher itself.
const entryKey = randomBytes(32);
const binding = {
  formatVersion: 2,
  vaultId: Buffer.alloc(16, 7),
  slug: "github",
  updatedAt: "2026-11-23T06:00:00.000Z",
};

describe("entry cipher", () => {
  it("opens what it sealed, UTF-8 included, with a fresh nonce each time", () => {
    const first = sealEntry(entryKey, '{"token":"tök-1"}', binding);
    const second = sealEntry(entryKey, '{"token":"tök-1"}', binding);
    expect(openEntry(entryKey, first, binding)).toBe('{"token":"tök-1"}');
    expect(first.nonce).toHaveLength(12);
    expect(first.tag).toHaveLength(16);
    expect(first.nonce.equals(second.nonce)).toBe(false);
    expect(first.updatedAt).toBe(binding.updatedAt);
  });

  it("refuses a truncated tag (GCM would otherwise check only the bytes given)", () => {
    const sealed = sealEntry(entryKey, "secret", binding);
    for (const length of [4, 8, 12, 15]) {
      expect(() => openEntry(entryKey, { ...sealed, tag: sealed.tag.subarray(0, length) }, binding)).toThrow();
    }
  });

  it("binds the entry to its slug, vault, format version and updatedAt", () => {
    const sealed = sealEntry(entryKey, "secret", binding);
    expect(() => openEntry(entryKey, sealed, { ...binding, slug: "gitlab" })).toThrow();
    expect(() => openEntry(entryKey, sealed, { ...binding, vaultId: Buffer.alloc(16, 8) })).toThrow();
    expect(() => openEntry(entryKey, sealed, { ...binding, formatVersion: 1 })).toThrow();
    expect(() => openEntry(entryKey, { ...sealed, updatedAt: "2026-11-23T06:00:00.001Z" }, binding)).toThrow();
  });

  it("keeps the associated data of the file format: files written before stay readable", () => {
    expect(entryAssociatedData(binding).toString("utf8")).toBe(
      '["src-vault entry",2,"BwcHBwcHBwcHBwcHBwcHBw==","github","2026-11-23T06:00:00.000Z"]',
    );
  });

  it("opens an entry sealed by an earlier build (a fixed key, nonce and tag)", () => {
    const key = Buffer.alloc(32, 1);
    const entry = {
      nonce: Buffer.from("AAECAwQFBgcICQoL", "base64"),
      tag: Buffer.from("ZiP5Pj+c/588jK7/ThBnog==", "base64"),
      ciphertext: Buffer.from("wIThSUubaFvESIGtWAysjp/kFg==", "base64"),
      updatedAt: binding.updatedAt,
    };
    expect(openEntry(key, entry, binding)).toBe('{"token":"fixed-1"}');
  });
});
