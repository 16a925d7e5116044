import type { ToolErrorCode } from "./tool-error-codes";
import type { ToolNextStep } from "./tool-next-step";

/** The body as the agent sees it. */
export type ToolResultBody =
  | { kind: "json"; value: unknown }
  | { kind: "text"; value: string }
  | { kind: "binary"; contentType: string; size: number; base64?: string }
  | { kind: "empty" };

/**
 * What the agent gets back from one call: compact, bounded, truthful. Non-2xx
 * responses are results (`ok: false` with `status`); failures without a
 * response carry `error`. No secret is ever in it.
 */
export interface ToolResult {
  ok: boolean;
  /** HTTP status, 0 when there was no response. */
  status: number;
  statusText: string;
  durationMs: number;
  /** How many attempts were made (1 + retries used). */
  attempts: number;
  /** Only headers an agent can use; names lower case. */
  headers: Record<string, string>;
  body: ToolResultBody;
  /** Present when the body was cut for the agent or stopped at `maxResponseBytes`. */
  truncated?: { originalSize: number | null; unit: "bytes" | "chars"; note: string };
  /** What was sent, with every secret replaced by `[REDACTED]`. */
  request: { method: string; url: string };
  /** For Link-header pagination: the next page's path, ready to pass back as `path`. */
  nextPath?: string;
  /** Redirect details or other facts the agent should know. */
  note?: string;
  /** The `select` expression (JMESPath) applied to the JSON body before it was bounded. */
  selected?: string;
  /**
   * Set when the body was cut and the whole of it is kept (15 minutes, for
   * this caller only): call the tool again with `{ resultRef, offset?, select? }`
   * to read on without a new request.
   */
  resultRef?: string;
  /** When the body is part of a stored result (read by `resultRef`): which characters of its text it holds. */
  part?: { offset: number; length: number; totalChars: number; nextOffset?: number };
  /** Set for a call with `paginate`: the pages followed, the items joined, and how to go on when more remain. */
  pagination?: PaginationReport;
  /** Where the call breaks the source's OpenAPI document, when `api.openapiValidation` is `warn` (the call was sent all the same). */
  warnings?: string[];
  /** Set when there is no usable response. `next`: the tool call that helps, when there is one (an `INVALID_CALL` against the OpenAPI document). */
  error?: {
    code: ToolErrorCode;
    message: string;
    retryable: boolean;
    next?: ToolNextStep;
    /** With a policy refusal: the rule that refused (`"read-only"`, `"not in allow"`, a rule as written, `"rateLimit 60/60s"`). */
    rule?: string;
    /** With `RATE_LIMITED`: seconds until a call may succeed. */
    retryAfterSeconds?: number;
    /** With `NOT_CONNECTED`: the console's connect page for this source and principal (single use, 10 minutes), for the agent to show its person. */
    connectUrl?: string;
  };
}

/** What a call with `paginate` reports. */
export interface PaginationReport {
  /** Pages fetched, the first included. */
  pages: number;
  /** Items joined from all pages (after `select`). */
  items: number;
  /** True when the API has more pages than were followed. */
  more: boolean;
  /** When more remain: the call to make (with `paginate` again) to go on from the next page; with the walk's `select`. */
  next?: {
    method: "GET";
    path: string;
    query?: Record<string, string | number | boolean | (string | number | boolean)[]>;
    select?: string;
  };
  /** How the next pages were found: `link-header`, `body-url`, `cursor`, `starting-after` or `document`. */
  style?: string;
  /** Why the walk stopped before the end, when it did (the limit reached, a page that failed, a link leaving the base URL). */
  stoppedBecause?: string;
}
