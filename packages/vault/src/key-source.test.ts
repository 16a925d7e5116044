import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { InvalidVaultKeyError, resolveKeySource } from "@src/vault";

const key = randomBytes(32);
const defaultKeyFile = "/home/someone/.src/vault.key";

describe("resolveKeySource: which key wins", () => {
  it.each([
    { why: "explicit keySource beats every variable", keySource: { kind: "passphrase" as const, passphrase: "explicit" }, env: { SRC_VAULT_KEY: key.toString("base64") }, kind: "passphrase" },
    { why: "SRC_VAULT_KEY beats SRC_VAULT_PASSPHRASE", keySource: undefined, env: { SRC_VAULT_KEY: key.toString("base64"), SRC_VAULT_PASSPHRASE: "p" }, kind: "key" },
    { why: "SRC_VAULT_PASSPHRASE beats the key file", keySource: undefined, env: { SRC_VAULT_PASSPHRASE: "p" }, kind: "passphrase" },
    { why: "the key file is the default", keySource: undefined, env: {}, kind: "keyFile" },
    { why: "empty variables count as unset", keySource: undefined, env: { SRC_VAULT_KEY: "", SRC_VAULT_PASSPHRASE: "" }, kind: "keyFile" },
    { why: "a key with surrounding whitespace (as from a file) is accepted", keySource: undefined, env: { SRC_VAULT_KEY: ` ${key.toString("base64")}\n` }, kind: "key" },
    { why: "base64url is accepted", keySource: undefined, env: { SRC_VAULT_KEY: key.toString("base64url") }, kind: "key" },
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
