import { createHmac } from "node:crypto";
import type { AuthRequest } from "@src/auth";

/**
 * The text that is signed: method, path, query (with its `?`) and body, one per
 * line. It holds nothing `apply` changes, so signing is idempotent; it holds no
 * clock or nonce, so it is deterministic (add a server-side replay window if you need one).
 */
export function canonicalRequest(request: AuthRequest): string {
  return [request.method, request.url.pathname, request.url.search, request.body ?? ""].join("\n");
}

/** Lower-case hex HMAC-SHA256 of the canonical request. */
export function signRequest(request: AuthRequest, secret: string): string {
  return createHmac("sha256", secret).update(canonicalRequest(request), "utf8").digest("hex");
}
