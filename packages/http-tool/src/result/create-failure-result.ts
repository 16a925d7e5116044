import type { ToolErrorCode } from "./tool-error-codes";
import type { ToolNextStep } from "./tool-next-step";
import type { ToolResult } from "./tool-result";

/** Longest request URL kept in a failure result, in characters. */
const maxEchoedUrlLength = 500;

/**
 * A `ToolResult` for a call that was never sent (disabled source, no
 * credential, invalid call): status 0, no attempt, an empty body and `error`.
 * `request` echoes the method and path as the agent gave them (never a secret:
 * nothing was built, so no credential is in them).
 */
export function createFailureResult({
  code,
  message,
  retryable = false,
  call,
  next,
}: {
  code: ToolErrorCode;
  message: string;
  /** Whether the same call may succeed later. Default false. */
  retryable?: boolean;
  /** The raw call input, read only for its `method` and `path`. */
  call: unknown;
  /** The tool call that helps next, if any. Default none. */
  next?: ToolNextStep | undefined;
}): ToolResult {
  return {
    ok: false,
    status: 0,
    statusText: "",
    durationMs: 0,
    attempts: 0,
    headers: {},
    body: { kind: "empty" },
    request: echoRequest(call),
    error: next === undefined ? { code, message, retryable } : { code, message, retryable, next },
  };
}

function echoRequest(call: unknown): ToolResult["request"] {
  const record = typeof call === "object" && call !== null ? (call as Record<string, unknown>) : {};
  const method = typeof record.method === "string" ? record.method.toUpperCase().slice(0, 16) : "";
  const path = typeof record.path === "string" ? record.path : "";
  const url = path.length > maxEchoedUrlLength ? `${path.slice(0, maxEchoedUrlLength)}…` : path;
  return { method, url };
}
