import type { Redactor } from "./redact-secrets";
import type { ResponseHeaders } from "../transport/response-headers";

/** Response headers an agent can act on, by exact lower-case name. */
const usefulHeaders: ReadonlySet<string> = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "content-language",
  "content-disposition",
  "location",
  "link",
  "retry-after",
  "etag",
  "last-modified",
  "cache-control",
  "expires",
  "date",
  "allow",
  "www-authenticate",
  "x-request-id",
  "request-id",
  "x-correlation-id",
  "x-amzn-requestid",
  "x-total-count",
  "x-next-cursor",
]);

/** Prefixes of rate-limit headers (`x-ratelimit-remaining`, IETF `ratelimit-policy`, `x-rate-limit-reset`...). */
const usefulPrefixes: readonly string[] = ["x-ratelimit", "ratelimit", "x-rate-limit"];

export function isUsefulHeader(name: string): boolean {
  return usefulHeaders.has(name) || usefulPrefixes.some((prefix) => name.startsWith(prefix));
}

/**
 * Keeps only the headers an agent can use (names lower case), each value
 * redacted (a `Location` may carry a query credential back).
 */
export function selectHeaders(
  headers: ResponseHeaders,
  redactor: Pick<Redactor, "redactText">,
): Record<string, string> {
  const selected: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (isUsefulHeader(name)) selected[name] = redactor.redactText(value);
  });
  return selected;
}
