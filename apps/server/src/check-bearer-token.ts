import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string): Buffer => createHash("sha256").update(value, "utf8").digest();

/**
 * A constant-time check of an `Authorization` header against the admin token:
 * both sides are hashed to equal-length digests, then compared with
 * `crypto.timingSafeEqual`, so neither the length nor a prefix leaks.
 */
export function createBearerTokenCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(token);
  return (authorization) => {
    if (authorization === undefined) return false;
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
    const given = digest(match?.[1] ?? "");
    return timingSafeEqual(given, expected) && match !== null;
  };
}
