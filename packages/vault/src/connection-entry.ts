import { createHash } from "node:crypto";
import { VaultError, VAULT_ERROR_CODES } from "./errors/vault-error";
import { InvalidVaultSlugError } from "./errors/invalid-vault-slug-error";

/** What separates a source slug from the principal's digest in a connection's entry name; a source slug has no ":". */
const connectionMarker = ":user:";

const sourceSlugPattern = /^[a-z0-9][a-z0-9-]{0,62}$/;
const principalPattern = /^[\x21-\x7e\u00a0-\uffff]{1,256}$/u;

/** Throws unless `principal` can own a connection: 1 to 256 printable characters, no spaces or control characters. */
export function assertPrincipal(principal: unknown): asserts principal is string {
  if (typeof principal !== "string" || !principalPattern.test(principal)) {
    throw new VaultError({
      code: VAULT_ERROR_CODES.INVALID_PRINCIPAL,
      message: `invalid principal ${JSON.stringify(String(principal).slice(0, 80))}: use 1 to 256 printable characters without spaces, such as "token:desk", "grant:claude-ab12", "idp:alice" or "local"`,
    });
  }
}

/**
 * The entry name of one principal's credential for a per-user source: `<slug>:user:<32 hex of SHA-256(principal)>`.
 * The name is the entry's associated data (with the vault id), so a credential sealed for one source and principal
 * fails to decrypt under any other's name; the principal itself is sealed inside too and checked on every read.
 */
export function connectionEntryName(slug: string, principal: string): string {
  if (!sourceSlugPattern.test(slug)) throw new InvalidVaultSlugError({ slug });
  assertPrincipal(principal);
  return `${slug}${connectionMarker}${createHash("sha256").update(`src connection principal\n${principal}`).digest("hex").slice(0, 32)}`;
}

/** Whether an entry name is a connection's (not a source's shared credential). */
export function isConnectionEntryName(name: string): boolean {
  return name.includes(connectionMarker);
}

/** The source slug of a connection's entry name. */
export function slugOfConnectionEntry(name: string): string {
  return name.slice(0, name.indexOf(connectionMarker));
}

/** What a connection's entry seals: the principal it belongs to and the credential. */
export interface ConnectionPlaintext {
  readonly principal: string;
  readonly credential: Record<string, unknown>;
}

export function sealableConnection(principal: string, credential: Record<string, unknown>): string {
  return JSON.stringify({ principal, credential });
}

/** The principal and credential of a decrypted connection entry; throws when it was sealed for another principal. */
export function readConnectionPlaintext(plaintext: string, expectedPrincipal?: string): ConnectionPlaintext {
  const parsed = JSON.parse(plaintext) as Partial<ConnectionPlaintext>;
  if (typeof parsed.principal !== "string" || typeof parsed.credential !== "object" || parsed.credential === null) {
    throw new VaultError({
      code: VAULT_ERROR_CODES.DAMAGED,
      message:
        "a connection's entry does not hold a principal and a credential; store it again with `src credential set SLUG --principal P`",
    });
  }
  if (expectedPrincipal !== undefined && parsed.principal !== expectedPrincipal) {
    throw new VaultError({
      code: VAULT_ERROR_CODES.DAMAGED,
      message:
        "a connection's entry belongs to another principal; store it again with `src credential set SLUG --principal P`",
    });
  }
  return { principal: parsed.principal, credential: parsed.credential };
}
