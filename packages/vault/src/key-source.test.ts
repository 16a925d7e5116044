import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { InvalidVaultKeyError, resolveKeySource } from "@src/vault";

const key = randomBytes(32);
const defaultKeyFile = "/home/someone/.src/vault.key";

describe("resolveKeySource: which key wins", () => {
  it.each([
    {
      why: "explicit keySource beats every variable",
      keySource: { kind: "passphrase" as const, passphrase: "explicit" },
      env: { SRC_VAULT_KEY: key.toString("base64") },
      kind: "passphrase",
    },
    {
      why: "SRC_VAULT_KEY beats SRC_VAULT_PASSPHRASE",
      keySource: undefined,
      env: { SRC_VAULT_KEY: key.toString("base64"), SRC_VAULT_PASSPHRASE: "p" },
      kind: "key",
    },
    {
      why: "SRC_VAULT_PASSPHRASE beats the key file",
      keySource: undefined,
      env: { SRC_VAULT_PASSPHRASE: "p" },
      kind: "passphrase",
    },
    { why: "the key file is the default", keySource: undefined, env: {}, kind: "keyFile" },
    {
      why: "empty variables count as unset",
      keySource: undefined,
      env: { SRC_VAULT_KEY: "", SRC_VAULT_PASSPHRASE: "" },
      kind: "keyFile",
    },
    {
      why: "a key with surrounding whitespace (as from a file) is accepted",
      keySource: undefined,
      env: { SRC_VAULT_KEY: ` ${key.toString("base64")}\n` },
      kind: "key",
    },
    {
      why: "base64url is accepted",
      keySource: undefined,
      env: { SRC_VAULT_KEY: key.toString("base64url") },
      kind: "key",
    },
  ])("$why", ({ keySource, env, kind }) => {
    const resolved = resolveKeySource({ keySource, env, defaultKeyFile });
    expect(resolved.kind).toBe(kind);
    if (resolved.kind === "key") expect(Buffer.from(resolved.key).equals(key)).toBe(true);
    if (resolved.kind === "keyFile") expect(resolved.file).toBe(defaultKeyFile);
  });

  it.each([
    { why: "31 bytes", value: randomBytes(31).toString("base64") },
    { why: "33 bytes", value: randomBytes(33).toString("base64") },
    { why: "64 hex characters (not base64 of 32 bytes)", value: randomBytes(32).toString("hex") },
    { why: "not base64 at all", value: "this is not a key!!" },
  ])("SRC_VAULT_KEY of $why is an InvalidVaultKeyError that does not echo the key", ({ value }) => {
    let error: unknown;
    try {
      resolveKeySource({ keySource: undefined, env: { SRC_VAULT_KEY: value }, defaultKeyFile });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidVaultKeyError);
    expect((error as Error).message).toContain("SRC_VAULT_KEY");
    expect((error as Error).message).toContain("32");
    expect(inspect(error)).not.toContain(value);
  });

  it.each([
    { why: "a 16-byte explicit key", keySource: { kind: "key" as const, key: randomBytes(16) } },
    { why: "an empty passphrase", keySource: { kind: "passphrase" as const, passphrase: "" } },
    { why: "an empty key file path", keySource: { kind: "keyFile" as const, file: "" } },
  ])("refuses $why", ({ keySource }) => {
    expect(() => resolveKeySource({ keySource, env: {}, defaultKeyFile })).toThrow(InvalidVaultKeyError);
  });
});

// Found by mutation testing (`pnpm mutation`): the error must name the source and the problem, not only be of the right
// class; a key with characters around its base64url must not be decoded around them; explicit sources come back whole.
describe("resolveKeySource: what a refusal says, and what is not decoded", () => {
  const refusal = (keySource: unknown, env: Record<string, string> = {}): InvalidVaultKeyError => {
    try {
      resolveKeySource({ keySource: keySource as never, env, defaultKeyFile });
    } catch (error) {
      if (InvalidVaultKeyError.isInstance(error)) return error;
      throw error;
    }
    throw new Error("expected an InvalidVaultKeyError");
  };

  it.each([
    { why: "characters before a base64url key", value: `**${key.toString("base64url")}` },
    { why: "characters after a base64url key", value: `${key.toString("base64url")}**` },
    {
      why: "characters inside a base64url key",
      value: `${key.toString("base64url").slice(0, 20)}*${key.toString("base64url").slice(20)}`,
    },
    { why: "a base64url key with a padding character", value: `${key.toString("base64url").replace(/^./, "-")}=` },
  ])("SRC_VAULT_KEY with $why is not base64, whatever it would decode to", ({ value }) => {
    const error = refusal(undefined, { SRC_VAULT_KEY: value });
    expect(error.source).toBe("SRC_VAULT_KEY");
    expect(error.message).toMatch(
      /^SRC_VAULT_KEY: is not base64; it must be 32 random bytes in base64, e\.g\. the output of `openssl rand -base64 32`$/,
    );
  });

  it("a key of the wrong length says how many bytes it decodes to", () => {
    expect(refusal(undefined, { SRC_VAULT_KEY: randomBytes(31).toString("base64") }).message).toBe(
      "SRC_VAULT_KEY: decodes to 31 bytes; it must be exactly 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`",
    );
  });

  it.each([
    {
      why: "a 16-byte key",
      keySource: { kind: "key", key: randomBytes(16) },
      source: "keySource.key",
      problem: "must be exactly 32 bytes (a Buffer or Uint8Array); generate one with crypto.randomBytes(32)",
    },
    {
      why: "a key given as base64 text",
      keySource: { kind: "key", key: key.toString("base64") },
      source: "keySource.key",
      problem: "must be exactly 32 bytes",
    },
    {
      why: "an empty passphrase",
      keySource: { kind: "passphrase", passphrase: "" },
      source: "keySource.passphrase",
      problem: "must be a non-empty string",
    },
    {
      why: "a passphrase that is not a string",
      keySource: { kind: "passphrase", passphrase: 12345678 },
      source: "keySource.passphrase",
      problem: "must be a non-empty string",
    },
    {
      why: "an empty key file path",
      keySource: { kind: "keyFile", file: "" },
      source: "keySource.file",
      problem: "must be the path of the key file",
    },
    {
      why: "a key file path that is not a string",
      keySource: { kind: "keyFile", file: ["vault.key"] },
      source: "keySource.file",
      problem: "must be the path of the key file",
    },
    {
      why: "an unknown kind",
      keySource: { kind: "hsm" },
      source: "keySource.kind",
      problem: 'must be "key", "passphrase" or "keyFile"',
    },
  ])("an explicit keySource with $why names the field and the fix", ({ keySource, source, problem }) => {
    const error = refusal(keySource);
    expect(error.source).toBe(source);
    expect(error.code).toBe("INVALID_KEY");
    expect(error.message).toContain(`${source}: ${problem}`);
  });

  it("an explicit source comes back whole, the key as its own copy", () => {
    expect(
      resolveKeySource({ keySource: { kind: "keyFile", file: "/keys/vault.key" }, env: {}, defaultKeyFile }),
    ).toEqual({ kind: "keyFile", file: "/keys/vault.key" });
    expect(
      resolveKeySource({ keySource: { kind: "passphrase", passphrase: "correct horse" }, env: {}, defaultKeyFile }),
    ).toEqual({ kind: "passphrase", passphrase: "correct horse" });
    const given = Buffer.from(key);
    const resolved = resolveKeySource({ keySource: { kind: "key", key: given }, env: {}, defaultKeyFile });
    given.fill(0);
    expect(resolved.kind === "key" && Buffer.from(resolved.key).equals(key)).toBe(true);
  });
});
