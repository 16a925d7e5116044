import type { CallAuditChannel, CallAuditLine, CallAuditOutcome } from "@src/service";

/** Where a call came in, as `GET /v1/activity` names it: the server's own routes keep their first names. */
export type ActivityChannel = "http" | "mcp" | "cli" | "mcp-stdio";

const channelOfAudit: Record<CallAuditChannel, ActivityChannel> = {
  http: "http",
  "mcp-http": "mcp",
  cli: "cli",
  "mcp-stdio": "mcp-stdio",
};

/**
 * One agent call as the console's Activity page shows it: the facts of its audit line (never a secret: the path is
 * the redacted one), with the time as `at` and the channel as this server names it.
 */
export type ActivityEntry = Pick<
  CallAuditLine,
  "source" | "method" | "path" | "status" | "ok" | "durationMs" | "attempts" | "errorCode"
> & {
  /** When the call ended (ISO 8601). */
  at: string;
  /** Where the call came in: `http` (`POST /v1/tools/{name}/call`), `mcp` (`/mcp`), `cli` (`src call`) or `mcp-stdio` (`src mcp`). */
  channel: ActivityChannel;
  /** Whom the agent acted for (`local`, `token:NAME`, `grant:NAME`, `idp:SUB`; never a secret); `null` in lines written before principals. */
  principal: string | null;
  /** `sent`, `denied` (the policy or the caller's token refused it) or `refused` (before anything was sent); `null` in lines written before outcomes. */
  outcome: CallAuditOutcome | null;
  /** With `denied`: the rule that refused (`read-only`, `not in allow`, a rule as written, `rateLimit 60/60s`); else `null`. */
  rule: string | null;
};

/** The entry of an audit line, or `undefined` for a channel this server does not know (a newer writer's). */
export function activityEntryOf(line: CallAuditLine): ActivityEntry | undefined {
  const channel = channelOfAudit[line.channel] as ActivityChannel | undefined;
  if (channel === undefined) return undefined;
  return {
    at: line.time,
    source: line.source,
    channel,
    method: line.method,
    path: line.path,
    status: line.status,
    ok: line.ok,
    durationMs: line.durationMs,
    attempts: line.attempts,
    errorCode: line.errorCode,
    principal: line.principal ?? null,
    outcome: line.outcome ?? null,
    rule: line.rule ?? null,
  };
}
