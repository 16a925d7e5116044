import { createHash } from "node:crypto";

/** The algorithms this plugin answers (RFC 7616 3.3): MD5 for old servers, SHA-256 preferred. */
export const DIGEST_ALGORITHMS = { "SHA-256": "sha256", MD5: "md5" } as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;

/** What a response is computed from (RFC 7616 3.4.1, qop "auth"; without qop, RFC 2069's form). */
export interface DigestInput {
  readonly algorithm: DigestAlgorithm;
  readonly username: string;
  readonly password: string;
  readonly realm: string;
  readonly nonce: string;
  readonly method: string;
  /** The request-target as sent: path and query. */
  readonly uri: string;
  /** `"auth"`, or undefined for a server that offers no qop. */
  readonly qop: "auth" | undefined;
  /** The nonce count, 8 hex digits. */
  readonly nc: string;
  readonly cnonce: string;
}

const hash = (algorithm: DigestAlgorithm, text: string): string =>
  createHash(DIGEST_ALGORITHMS[algorithm]).update(text, "utf8").digest("hex");

/** The `response` value: H(H(A1):nonce:nc:cnonce:qop:H(A2)), or H(H(A1):nonce:H(A2)) without qop. */
export function digestResponse(input: DigestInput): string {
  const ha1 = hash(input.algorithm, `${input.username}:${input.realm}:${input.password}`);
  const ha2 = hash(input.algorithm, `${input.method}:${input.uri}`);
  const text =
    input.qop === undefined
      ? `${ha1}:${input.nonce}:${ha2}`
      : `${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:${input.qop}:${ha2}`;
  return hash(input.algorithm, text);
}

/** A quoted-string (RFC 9110 5.6.4): `"` and `\` escaped. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;

/** The `Authorization: Digest …` value (RFC 7616 3.4): qop, nc and algorithm unquoted, as the RFC writes them. */
export function digestAuthorization(input: DigestInput & { readonly opaque: string | undefined }): string {
  const parts = [
    `username=${quoted(input.username)}`,
    `realm=${quoted(input.realm)}`,
    `nonce=${quoted(input.nonce)}`,
    `uri=${quoted(input.uri)}`,
    `algorithm=${input.algorithm}`,
    `response=${quoted(digestResponse(input))}`,
    ...(input.opaque === undefined ? [] : [`opaque=${quoted(input.opaque)}`]),
    ...(input.qop === undefined ? [] : [`qop=${input.qop}`, `nc=${input.nc}`, `cnonce=${quoted(input.cnonce)}`]),
  ];
  return `Digest ${parts.join(", ")}`;
}
