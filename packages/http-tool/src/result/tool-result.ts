import type { ToolErrorCode } from "./tool-error-codes";

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
  /** Where the call breaks the source's OpenAPI document, when `api.openapiValidation` is `warn` (the call was sent all the same). */
  warnings?: string[];
  /** Set when there is no usable response. */
  error?: {
    code: ToolErrorCode;
    message: string;
    retryable: boolean;
    /** With a policy refusal: the rule that refused (`"read-only"`, `"not in allow"`, a rule as written, `"rateLimit 60/60s"`). */
    rule?: string;
    /** With `RATE_LIMITED`: seconds until a call may succeed. */
    retryAfterSeconds?: number;
  };
}
