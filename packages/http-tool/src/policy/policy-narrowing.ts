import type { RateLimit } from "@src/config";

/** What the caller's agent token adds to a source's policy: it can only narrow it. */
export interface TokenPolicy {
  /** The token's name, in refusals and in the rate limit's key. */
  readonly name: string;
  /** A read-only token never writes, whatever the source allows. Default false. */
  readonly readOnly?: boolean | undefined;
  /** The token's own rate limit, across every source it calls. Default: none. */
  readonly rateLimit?: RateLimit | undefined;
}

/**
 * Which call tool the call came through: `any` (the single `api_<slug>`),
 * `read` (`api_<slug>` of a split source: GET, HEAD, OPTIONS) or `write`
 * (`api_<slug>_write`: the other methods).
 */
export type ToolAccess = "any" | "read" | "write";

/** The methods that only read. */
export const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
