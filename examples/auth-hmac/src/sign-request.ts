import { createHmac } from "node:crypto";
import type { AuthorizeRequest } from "@src/auth";

/** What is signed of a request: the body as the bytes sent, or as text. */
export type SignedRequest = Pick<AuthorizeRequest, "method" | "url"> & {
  readonly body?: Uint8Array | string | undefined;
};

/**
 * The text that is signed: method, path, query (with its `?`) and body, one per
 * line (the body as UTF-8 text). It holds nothing `authorize` changes, so signing is idempotent; it holds no
 * clock or nonce, so it is deterministic (add a server-side replay window if you need one).
 */
export function canonicalRequest(request: SignedRequest): string {
  const body = request.body instanceof Uint8Array ? new TextDecoder().decode(request.body) : (request.body ?? "");
  return [request.method, request.url.pathname, request.url.search, body].join("\n");
}

/** Lower-case hex HMAC-SHA256 of the canonical request. */
export function signRequest(request: SignedRequest, secret: string): string {
  return createHmac("sha256", secret).update(canonicalRequest(request), "utf8").digest("hex");
}
