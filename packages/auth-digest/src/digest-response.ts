import { createHash } from "node:crypto";

/**
 * The hashes this plugin answers (RFC 7616 3.3), each also as its `-sess` variant: MD5 for old servers, SHA-256 and
 * SHA-512-256, and SHA-512, which some servers (httpbin) offer though the RFC does not name it.
 */
export const DIGEST_HASHES = {
  MD5: "md5",
  "SHA-256": "sha256",
  "SHA-512-256": "sha512-256",
  "SHA-512": "sha512",
} as const;
export type DigestHash = keyof typeof DIGEST_HASHES;

/** An algorithm a challenge names: a hash, or its session variant (`SHA-256-sess`). */
export type DigestAlgorithm = DigestHash | `${DigestHash}-sess`;

/** Every algorithm this plugin answers, strongest first (the order a choice between challenges follows). */
export const DIGEST_ALGORITHMS: readonly DigestAlgorithm[] = (
  ["SHA-512-256", "SHA-512", "SHA-256", "MD5"] as const
).flatMap((name) => [name, `${name}-sess` as const]);

/** What a response is computed from (RFC 7616 3.4.1; without qop, RFC 2069's form). */
export interface DigestInput {
  readonly algorithm: DigestAlgorithm;
  readonly username: string;
  readonly password: string;
  readonly realm: string;
  readonly nonce: string;
  readonly method: string;
  /** The request-target as sent: path and query. */
  readonly uri: string;
  /** `"auth"`, `"auth-int"` (the body is hashed too), or undefined for a server that offers no qop. */
  readonly qop: "auth" | "auth-int" | undefined;
  /** The nonce count, 8 hex digits. */
  readonly nc: string;
  readonly cnonce: string;
  /** The body as sent, for `auth-int`. Default: none (empty). */
  readonly body?: Uint8Array | undefined;
  /** Whether the user name goes hashed (`userhash=true`, RFC 7616 3.4.4). Default false. */
  readonly userhash?: boolean | undefined;
}

const hashOf = (algorithm: DigestAlgorithm): string => DIGEST_HASHES[algorithm.replace(/-sess$/, "") as DigestHash];

/** The hex hash of `text` (UTF-8, RFC 7616 `charset=UTF-8`) or of bytes. */
const hash = (algorithm: DigestAlgorithm, text: string | Uint8Array): string =>
  createHash(hashOf(algorithm))
    .update(typeof text === "string" ? Buffer.from(text, "utf8") : text)
    .digest("hex");

/** The `response` value: H(H(A1):nonce:nc:cnonce:qop:H(A2)), or H(H(A1):nonce:H(A2)) without qop. */
export function digestResponse(input: DigestInput): string {
  const secret = hash(input.algorithm, `${input.username}:${input.realm}:${input.password}`);
  // -sess: A1 also binds the nonce and the cnonce (RFC 7616 3.4.2).
  const ha1 = input.algorithm.endsWith("-sess")
    ? hash(input.algorithm, `${secret}:${input.nonce}:${input.cnonce}`)
    : secret;
  const a2 =
    input.qop === "auth-int"
      ? `${input.method}:${input.uri}:${hash(input.algorithm, input.body ?? new Uint8Array())}`
      : `${input.method}:${input.uri}`;
  const ha2 = hash(input.algorithm, a2);
  const text =
    input.qop === undefined
      ? `${ha1}:${input.nonce}:${ha2}`
      : `${ha1}:${input.nonce}:${input.nc}:${input.cnonce}:${input.qop}:${ha2}`;
  return hash(input.algorithm, text);
}

/** A quoted-string (RFC 9110 5.6.4): `"` and `\` escaped. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;

/** An RFC 8187 ext-value: `UTF-8''` and the UTF-8 bytes, each but the attr-chars percent-encoded. */
const extValue = (value: string): string =>
  `UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)}`;

/**
 * How the user name goes (RFC 7616 3.4.4): hashed with `userhash`; as `username*` (UTF-8, RFC 8187) when it is not
 * printable ASCII, which an HTTP header cannot carry as a quoted-string that every server reads the same; else
 * quoted.
 */
function usernameParameter(input: DigestInput): string {
  if (input.userhash === true) return `username=${quoted(hash(input.algorithm, `${input.username}:${input.realm}`))}`;
  return /^[\x20-\x7e]*$/.test(input.username)
    ? `username=${quoted(input.username)}`
    : `username*=${extValue(input.username)}`;
}

/** The `Authorization: Digest …` value (RFC 7616 3.4): qop, nc and algorithm unquoted, as the RFC writes them. */
export function digestAuthorization(input: DigestInput & { readonly opaque: string | undefined }): string {
  const parts = [
    usernameParameter(input),
    `realm=${quoted(input.realm)}`,
    `nonce=${quoted(input.nonce)}`,
    `uri=${quoted(input.uri)}`,
    `algorithm=${input.algorithm}`,
    `response=${quoted(digestResponse(input))}`,
    ...(input.opaque === undefined ? [] : [`opaque=${quoted(input.opaque)}`]),
    ...(input.qop === undefined ? [] : [`qop=${input.qop}`, `nc=${input.nc}`, `cnonce=${quoted(input.cnonce)}`]),
    ...(input.userhash === true ? ["userhash=true"] : []),
  ];
  return `Digest ${parts.join(", ")}`;
}
