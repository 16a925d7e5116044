import { localPrincipal } from "../principal";
import type { ToolResult } from "@src/http-tool";

/** Where an agent call came in: `src call`, `src mcp` (stdio), the server's tool route, the server's `/mcp`. */
export type CallAuditChannel = "cli" | "mcp-stdio" | "http" | "mcp-http";

/**
 * One line of `$SRC_HOME/logs/calls.jsonl`. Only redacted facts: the path
 * comes from the result's redacted URL, never a body, header or credential.
 */
export interface CallAuditLine {
  /** ISO 8601 time the call ended. */
  time: string;
  channel: CallAuditChannel;
  /** The source slug. */
  source: string;
  /** Who the agent acted for: `local` (the operator), `token:NAME`, `grant:NAME` or `idp:SUB`; never a secret. Absent in lines written before principals. */
  principal?: string;
  /** The method sent, `null` when the call was refused before a request was built. */
  method: string | null;
  /** Path and query as sent, secrets replaced by `[REDACTED]`; `null` when refused before a request was built. */
  path: string | null;
  /** HTTP status, 0 when a request was sent and no response came, `null` when the call was refused before anything was sent. */
  status: number | null;
  ok: boolean;
  durationMs: number;
  attempts: number;
  /** The `ToolResult` error code, or the refusal's code (`UNKNOWN_TOOL`...), else `null`. */
  errorCode: string | null;
  /**
   * `sent`: a request reached the upstream; `denied`: the source's policy or the caller's token refused it (a rule,
   * no confirmation, a rate limit), nothing sent; `refused`: refused for another reason before anything was sent
   * (an invalid call, no credential, an unknown tool). Absent in lines written by versions before the policy.
   */
  outcome?: CallAuditOutcome;
  /** With `denied`: the rule that refused (`read-only`, `not in allow`, a rule as written, `rateLimit 60/60s`). */
  rule?: string;
}

/** What became of an audited call. */
export type CallAuditOutcome = "sent" | "denied" | "refused";

/** The `ToolResult` codes of a policy refusal. */
const policyCodes: ReadonlySet<string> = new Set([
  "POLICY_DENIED",
  "CONFIRMATION_REQUIRED",
  "CONFIRMATION_DECLINED",
  "RATE_LIMITED",
]);

/** The outcome of a finished call: denied by the policy, sent, or refused before sending. */
export function auditOutcomeOf(result: ToolResult): CallAuditOutcome {
  if (result.error !== undefined && policyCodes.has(result.error.code)) return "denied";
  return result.attempts > 0 ? "sent" : "refused";
}

/** The path and query of a redacted URL, without the origin. */
export function pathOfUrl(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
  const rest = match?.[1] ?? url;
  return rest === "" ? "/" : rest;
}

/** The audit line of a finished call. */
export function auditLineOfResult(
  channel: CallAuditChannel,
  source: string,
  result: ToolResult,
  principal: string = localPrincipal,
): CallAuditLine {
  return {
    time: new Date().toISOString(),
    channel,
    source,
    principal,
    method: result.request.method,
    path: pathOfUrl(result.request.url),
    // Refused before anything was sent (no credential, a disabled source, the policy): no HTTP status, not 0.
    status: result.attempts === 0 && !result.ok ? null : result.status,
    ok: result.ok,
    durationMs: result.durationMs,
    attempts: result.attempts,
    errorCode: result.error?.code ?? null,
    outcome: auditOutcomeOf(result),
    ...(result.error?.rule === undefined ? {} : { rule: result.error.rule }),
  };
}

/** The audit line of a call refused before it ran (unknown tool, vault locked...). */
export function auditLineOfRefusal(
  channel: CallAuditChannel,
  source: string,
  error: unknown,
  durationMs: number,
  principal: string = localPrincipal,
): CallAuditLine {
  const code = (error as { code?: unknown }).code;
  return {
    time: new Date().toISOString(),
    channel,
    source,
    principal,
    method: null,
    path: null,
    status: null,
    ok: false,
    durationMs: Math.round(durationMs),
    attempts: 0,
    errorCode: typeof code === "string" ? code : "INTERNAL",
    outcome: "refused",
  };
}
