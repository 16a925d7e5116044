import { createHash, createHmac } from "node:crypto";

/** What is signed: the request as it goes out, and the time it was signed at. */
export interface SignedParts {
  readonly method: string;
  readonly url: URL;
  readonly body: Uint8Array | undefined;
  /** ISO 8601 time, e.g. `2026-01-01T00:00:00.000Z`, as sent in `X-Timestamp`. */
  readonly timestamp: string;
}

/**
 * The text that is signed, one part per line: method, path, query (with its
 * `?`), the timestamp, and the hex SHA-256 of the exact body bytes (of nothing
 * when there is no body). Like AWS SigV4's canonical request, in small.
 */
export function canonicalTimestampedRequest({ method, url, body, timestamp }: SignedParts): string {
  const bodyHash = createHash("sha256")
    .update(body ?? new Uint8Array())
    .digest("hex");
  return [method, url.pathname, url.search, timestamp, bodyHash].join("\n");
}

/** Lower-case hex HMAC-SHA256 of the canonical request with `secret`. */
export function signTimestampedRequest(parts: SignedParts, secret: string): string {
  return createHmac("sha256", secret).update(canonicalTimestampedRequest(parts), "utf8").digest("hex");
}
