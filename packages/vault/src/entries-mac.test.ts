import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SealedEntry } from "./entry-cipher";
import { computeEntriesMac, entriesMacMatches } from "./entries-mac";

const entry = (): SealedEntry => ({
  nonce: randomBytes(12),
  tag: randomBytes(16),
  ciphertext: randomBytes(8),
  updatedAt: "2025-01-01T00:00:00.000Z",
});
const key = randomBytes(32);
const base = {
  formatVersion: 2,
  vaultId: randomBytes(16),
  generation: 3,
  entries: new Map([
    ["alpha", entry()],
    ["beta", entry()],
  ]),
};
const mac = computeEntriesMac(key, base);

describe("entriesMac", () => {
  it("does not depend on the order entries are held in", () => {
    const reversed = new Map([...base.entries].reverse());
    expect(entriesMacMatches(key, { ...base, entries: reversed }, mac)).toBe(true);
  });

  it.each([
    { why: "another key", change: () => ({ key: randomBytes(32), binding: base }) },
    { why: "another format version", change: () => ({ key, binding: { ...base, formatVersion: 1 } }) },
    { why: "another vault id", change: () => ({ key, binding: { ...base, vaultId: randomBytes(16) } }) },
    { why: "another generation", change: () => ({ key, binding: { ...base, generation: 4 } }) },
    {
      why: "an entry removed",
      change: () => ({ key, binding: { ...base, entries: new Map([...base.entries].slice(1)) } }),
    },
    {
      why: "an entry added",
      change: () => ({ key, binding: { ...base, entries: new Map([...base.entries, ["gamma", entry()]]) } }),
    },
    {
      why: "an entry resealed",
      change: () => ({ key, binding: { ...base, entries: new Map([...base.entries, ["alpha", entry()]]) } }),
    },
    {
      why: "an entry renamed",
      change: () => ({
        key,
        binding: {
          ...base,
          entries: new Map([
            ["alphb", base.entries.get("alpha")!],
            ["beta", base.entries.get("beta")!],
          ]),
        },
      }),
    },
    {
      why: "an updatedAt changed",
      change: () => ({
        key,
        binding: {
          ...base,
          entries: new Map([
            ...base.entries,
            ["alpha", { ...base.entries.get("alpha")!, updatedAt: "2025-01-01T00:00:00.001Z" }],
          ]),
        },
      }),
    },
  ])("fails for $why", ({ change }) => {
    const { key: otherKey, binding } = change();
    expect(entriesMacMatches(otherKey, binding, mac)).toBe(false);
  });
});

describe("entriesMacMatches on a stored MAC of another length", () => {
  it.each([0, 16, 31, 33, 64])("%i bytes: no match, and no exception", (length) => {
    expect(entriesMacMatches(key, base, Buffer.concat([mac, mac, mac]).subarray(0, length))).toBe(false);
  });

  it("the MAC binds the entries sorted by slug (code units: capitals first)", () => {
    const upper = {
      ...base,
      entries: new Map([
        ["Beta", entry()],
        ["alpha", entry()],
      ]),
    };
    const upperMac = computeEntriesMac(key, upper);
    expect(entriesMacMatches(key, { ...upper, entries: new Map([...upper.entries].reverse()) }, upperMac)).toBe(true);
  });
});
