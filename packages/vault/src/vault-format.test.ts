import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { VaultDamagedError } from "./errors/vault-damaged-error";
import { VaultUnsupportedVersionError } from "./errors/vault-unsupported-version-error";
import { parseVaultFile, serializeVaultFile, VAULT_FORMAT_VERSION } from "./vault-format";

// Found by mutation testing (`pnpm mutation`): which versions are "newer" and which are "damaged", where in the file a
// problem is reported, and the order entries are written in, each checked on the parser itself.
const file = "/home/someone/.src/vault.json";
const entry = () => ({
  nonce: randomBytes(12),
  tag: randomBytes(16),
  ciphertext: randomBytes(8),
  updatedAt: "2026-11-23T06:00:00.000Z",
});
const written = serializeVaultFile({
  header: { version: VAULT_FORMAT_VERSION, vaultId: randomBytes(16), kdf: { name: "none" }, keyCheck: randomBytes(32) },
  generation: 4,
  entriesMac: randomBytes(32),
  entries: new Map([
    ["zeta", entry()],
    ["alpha", entry()],
    ["Mid", entry()],
  ]),
});
const withField = (change: (data: Record<string, unknown>) => void): string => {
  const data = JSON.parse(written) as Record<string, unknown>;
  change(data);
  return JSON.stringify(data);
};
const failure = (text: string): unknown => {
  try {
    parseVaultFile(text, file);
  } catch (error) {
    return error;
  }
  throw new Error("expected the file to be refused");
};

describe("parseVaultFile", () => {
  it("reads back what serializeVaultFile wrote, entries written sorted by slug", () => {
    const document = parseVaultFile(written, file);
    expect(document.generation).toBe(4);
    expect([...document.entries.keys()]).toEqual(["Mid", "alpha", "zeta"]);
    expect(Object.keys((JSON.parse(written) as { entries: object }).entries)).toEqual(["Mid", "alpha", "zeta"]);
  });

  it.each([3, 7, 1000])("version %i is newer than this package: VaultUnsupportedVersionError", (version) => {
    const error = failure(withField((data) => (data.version = version)));
    expect(VaultUnsupportedVersionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "UNSUPPORTED_VERSION" });
  });

  it.each([
    { why: "version 0", version: 0, shown: "0" },
    { why: "a negative version", version: -1, shown: "-1" },
    { why: "a fractional version", version: 2.5, shown: "2.5" },
    { why: "a version written as text", version: "3", shown: '"3"' },
    { why: "no version", version: undefined, shown: "undefined" },
  ])("$why is a damaged file, not a newer one", ({ version, shown }) => {
    const error = failure(withField((data) => (data.version = version)));
    expect(VaultDamagedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "DAMAGED", location: "version" });
    expect((error as Error).message).toContain(`version: unknown format version ${shown}`);
  });

  it("an empty file says so", () => {
    expect((failure(" \n") as Error).message).toContain(
      "damaged: the file is empty (a write was cut short, or it was truncated)",
    );
  });

  it.each([
    {
      why: "at the top",
      change: (data: Record<string, unknown>) =>
        Object.defineProperty(data, "__proto__", { value: {}, enumerable: true }),
      location: "__proto__",
    },
    {
      why: "inside an entry",
      change: (data: Record<string, unknown>) =>
        Object.defineProperty((data.entries as Record<string, object>).alpha, "__proto__", {
          value: {},
          enumerable: true,
        }),
      location: "entries.alpha.__proto__",
    },
  ])("a __proto__ member $why is reported where it is", ({ change, location }) => {
    const error = failure(withField(change));
    expect(error).toMatchObject({ code: "DAMAGED", location });
    expect((error as Error).message).toContain(
      `${location}: an unexpected "__proto__" member (the file was edited or tampered with)`,
    );
  });

  it("a malformed field is reported by its path in the file", () => {
    const error = failure(
      withField((data) => ((data.entries as Record<string, Record<string, unknown>>).alpha!.tag = "not base64!")),
    );
    expect(error).toMatchObject({ code: "DAMAGED", location: "entries.alpha.tag" });
    expect((error as Error).message).not.toContain("invalid.");
  });
});
