import type { ToolResult } from "../result/tool-result";

/**
 * What became of one agent call, in a word: the `src.outcome` attribute of its span and the `outcome` label of the
 * server's metrics. A fixed set, so a metric label built from it stays bounded.
 * - `ok`: the API answered 2xx;
 * - `upstream_error`: the API answered another status (401 is `needs_auth`);
 * - `needs_auth`: no credential, a credential the plugin could not attach (a token endpoint refused it), or a 401;
 * - `denied`: the source's policy, the caller's token or an agent token's sources refused it;
 * - `needs_confirmation`: the policy asks for a person's confirmation first;
 * - `rate_limited`: a policy's rate limit refused it;
 * - `busy`: the server's per-source queue was full (`SOURCE_BUSY`);
 * - `invalid`: the call does not fit the tool or the API's document (`INVALID_CALL`, an unknown tool);
 * - `failed`: no usable answer (time-out, network, TLS, a blocked redirect, a response too large);
 * - `refused`: refused for another reason before anything was sent (a disabled source, shutdown).
 */
export const TOOL_CALL_OUTCOMES = [
  "ok",
  "upstream_error",
  "needs_auth",
  "denied",
  "needs_confirmation",
  "rate_limited",
  "busy",
  "invalid",
  "failed",
  "refused",
] as const;
export type ToolCallOutcome = (typeof TOOL_CALL_OUTCOMES)[number];

const outcomeOfCode: Readonly<Record<string, ToolCallOutcome>> = {
  NO_CREDENTIAL: "needs_auth",
  NOT_CONNECTED: "needs_auth",
  AUTH_FAILED: "needs_auth",
  POLICY_DENIED: "denied",
  CONFIRMATION_DECLINED: "denied",
  FORBIDDEN: "denied",
  CONFIRMATION_REQUIRED: "needs_confirmation",
  RATE_LIMITED: "rate_limited",
  SOURCE_BUSY: "busy",
  INVALID_CALL: "invalid",
  UNKNOWN_TOOL: "invalid",
  UNKNOWN_OPERATION: "invalid",
  SOURCE_DISABLED: "refused",
  SHUTTING_DOWN: "refused",
  TIMEOUT: "failed",
  CONNECTION_REFUSED: "failed",
  DNS: "failed",
  TLS: "failed",
  NETWORK: "failed",
  REDIRECT_BLOCKED: "failed",
  RESPONSE_TOO_LARGE: "failed",
};

/** The outcome of an error code (a `ToolResult`'s or a refusal's); a code not known here is `refused` when nothing was sent, else `failed`. */
export function toolCallOutcomeOfCode(
  code: string | undefined,
  { sent = false }: { sent?: boolean } = {},
): ToolCallOutcome {
  if (code !== undefined && Object.hasOwn(outcomeOfCode, code)) return outcomeOfCode[code] as ToolCallOutcome;
  return sent ? "failed" : "refused";
}

/** The outcome of a finished call. */
export function toolCallOutcomeOf(result: ToolResult): ToolCallOutcome {
  if (result.ok) return "ok";
  if (result.error !== undefined) return toolCallOutcomeOfCode(result.error.code, { sent: result.attempts > 0 });
  if (result.status === 401) return "needs_auth";
  return result.status > 0 ? "upstream_error" : "failed";
}

/** The outcome of a call refused with an error (thrown before or instead of a `ToolResult`): its `code`, else `refused`. */
export function toolCallOutcomeOfError(error: unknown): ToolCallOutcome {
  const code = (error as { code?: unknown } | null)?.code;
  return toolCallOutcomeOfCode(typeof code === "string" ? code : undefined);
}
