import { SrcError, type ErrorKind } from "@src/errors";
import { describe, expect, it } from "vitest";
import { InvalidVaultSlugError } from "./invalid-vault-slug-error";
import { VAULT_ERROR_CODES, VaultError, type VaultErrorCode } from "./vault-error";
import { VaultLockedError } from "./vault-locked-error";

/**
 * The kind of each code decides the CLI's exit code and the server's status.
 * The state on disk is not the caller's input (exit 1, HTTP 500); a malformed
 * key setting is the process's configuration (exit 2, HTTP 500).
 */
const kindOfEveryCode: Record<VaultErrorCode, ErrorKind> = {
  WRONG_KEY: "internal",
  DAMAGED: "internal",
  UNSUPPORTED_VERSION: "internal",
  KEY_MISSING: "internal",
  UNSAFE_FILE: "internal",
  LOCKED: "unavailable",
  INVALID_KEY: "misconfigured",
  INVALID_CREDENTIAL: "invalid_input",
  INVALID_SLUG: "invalid_input",
  INVALID_PRINCIPAL: "invalid_input",
};

describe("VaultError", () => {
  it.each(Object.values(VAULT_ERROR_CODES))("%s has its kind", (code) => {
    expect(new VaultError({ code, message: "m" }).kind).toBe(kindOfEveryCode[code]);
  });

  it("is a SrcError, and each subclass knows its own instances", () => {
    const locked = new VaultLockedError({
      file: "/v/vault.json",
      lockFile: "/v/vault.json.lock",
      timeoutMs: 10,
      staleMs: 10_000,
    });
    expect(SrcError.isInstance(locked)).toBe(true);
    expect(VaultError.isInstance(locked)).toBe(true);
    expect(VaultLockedError.isInstance(locked)).toBe(true);
    expect(InvalidVaultSlugError.isInstance(locked)).toBe(false);
    expect(VaultLockedError.isInstance(new VaultError({ code: "LOCKED", message: "m" }))).toBe(false);
    expect(locked).toMatchObject({
      code: "LOCKED",
      kind: "unavailable",
      file: "/v/vault.json",
      name: "VaultLockedError",
    });
  });
});
