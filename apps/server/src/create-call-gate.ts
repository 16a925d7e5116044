import type { CallAuditLog, SourceService } from "@src/service";
import { auditLineOfRefusal, auditLineOfResult, pathOfUrl, sourceOfToolName } from "@src/service";
import {
  toolCallOutcomeOf,
  toolCallOutcomeOfError,
  type Confirmer,
  type TokenPolicy,
  type ToolResult,
} from "@src/http-tool";
import { apiToolName, traceToolCall } from "@src/http-tool/internal";
import { SourceValidationError } from "@src/config";
import { slugSchema } from "@src/config/internal";
import type { Logger } from "pino";
import type { Caller } from "./agent-tokens/agent-token-index";
import { callerIdentity, callerLabel, mayCallSource, principalOf } from "./agent-tokens/caller-of-request";
import { ForbiddenError } from "./errors/forbidden-error";
import { ShuttingDownError } from "./errors/shutting-down-error";
import { scalarLineLoggerOf } from "./scalar-line-logger";
import type { SourceCallLimiter } from "./source-call-limiter";
import { otherSourceLabel, type ServerMetrics } from "./metrics/server-metrics";

/** Where an agent call came in. */
export type CallChannel = "http" | "mcp";

/** Agent calls through the per-source limits, logged one line each, refused once shutdown starts. */
export interface CallGate {
  /**
   * One agent call; `caller` (default the admin) limits the sources and names the token in the log line; `requestUrl`,
   * the URL the request came to, gives a connect link its origin when the server has no public URL.
   */
  call(name: string, input: unknown, options: CallOptions): Promise<ToolResult>;
  /**
   * The service as one MCP session sees it: `callTool` goes through this gate, and an agent token's tools are those of
   * its sources; `requestUrl` is the URL the session's `initialize` came to.
   */
  serviceFor(channel: CallChannel, caller?: Caller, requestUrl?: string): SourceService;
  /** Refuses new calls from now on (`SHUTTING_DOWN`). */
  close(): void;
}

const admin: Caller = { kind: "admin" };

/** A `NOT_CONNECTED` result with the link its agent shows its person. */
function withConnectUrl(result: ToolResult, connectUrl: string): ToolResult {
  if (result.error === undefined) return result;
  return {
    ...result,
    error: {
      ...result.error,
      connectUrl,
      message: `${result.error.message}. Connect page (single use, valid 10 minutes): ${connectUrl}`,
    },
  };
}

/** What an agent token adds to a source's policy: read-only (for every source, or this one), its own rate limit. The admin adds nothing. */
export function tokenPolicyOf(caller: Caller, slug: string): TokenPolicy | undefined {
  if (caller.kind === "admin") return undefined;
  return {
    name: caller.name,
    readOnly: caller.readOnly || caller.readOnlySources.has(slug),
    rateLimit: caller.rateLimit ?? undefined,
  };
}

/** An agent call, as its log line names it. */
interface LoggedCall {
  channel: CallChannel;
  caller: Caller;
  slug: string;
  name: string;
}

/** What every log line of an agent call starts with: the event, where it came in, who called, which source's tool. */
function callLogFields({ channel, caller, slug, name }: LoggedCall) {
  return {
    event: "tool_call",
    channel,
    caller: callerLabel(caller),
    principal: principalOf(caller),
    source: slug,
    tool: name,
  };
}

/** The log line of an answered agent call: who called which source's tool, the request's method and path (no query), and how it ended. */
function logAgentCall(
  logger: Logger,
  { channel, caller, slug, name, result }: LoggedCall & { result: ToolResult },
): void {
  // Built field by field, without object rest or spread: on this line, once per call, those cost `src serve` a tenth
  // or more of its CPU per call (measured with the bench's BENCH_COMPARE_CLI; see the README).
  const line: Record<string, unknown> = {
    event: "tool_call",
    channel,
    caller: callerLabel(caller),
    principal: principalOf(caller),
    source: slug,
    tool: name,
    method: result.request.method,
    path: pathOfUrl(result.request.url),
    status: result.status,
    ok: result.ok,
    durationMs: result.durationMs,
    attempts: result.attempts,
    errorCode: result.error?.code ?? null,
  };
  if (result.error?.rule !== undefined) line.rule = result.error.rule;
  scalarLineLoggerOf(logger).info(line, "agent call");
}

/** The log line of an agent call refused before or while it ran (its error's code and message). */
function logRefusedCall(
  logger: Logger,
  { error, durationMs, ...call }: LoggedCall & { error: unknown; durationMs: number },
): void {
  const errorCode = (error as { code?: string }).code ?? "INTERNAL";
  scalarLineLoggerOf(logger).warn(
    {
      ...callLogFields(call),
      ok: false,
      durationMs,
      errorCode,
      errorMessage: (error as Error).message,
    },
    "agent call refused",
  );
}

/** The channel's name in `$SRC_HOME/logs/calls.jsonl`, shared with the CLI's `cli` and `mcp-stdio`. */
const auditChannelOf = { http: "http", mcp: "mcp-http" } as const;

/** How one agent call came. */
type CallOptions = {
  channel: CallChannel;
  signal?: AbortSignal | undefined;
  caller?: Caller;
  confirm?: Confirmer | undefined;
  /** The URL the agent's request came to (its `Host`): a connect link names its origin when the server has no public URL. */
  requestUrl?: string | undefined;
};

export function createCallGate({
  service,
  limiter,
  logger,
  auditLog,
  metrics,
  connectUrlFor,
}: {
  service: SourceService;
  limiter: SourceCallLimiter;
  logger: Logger;
  /** Where each call's audit line goes too (not awaited: it never delays the answer). Default: none. */
  auditLog?: CallAuditLog;
  /** Where each call is counted (`GET /metrics`). Default: nowhere. */
  metrics?: ServerMetrics;
  /** Makes the link a `NOT_CONNECTED` result gives its agent (the console's connect page for that source and principal, at the origin of the URL the agent's request came to unless the server has a public URL). Default: none, no link. */
  connectUrlFor?: (slug: string, principal: string, requestUrl?: string) => Promise<string>;
}): CallGate {
  let closed = false;

  /**
   * The `source` label of a refused call: its slug when that source exists (a `config.json` that is damaged too: the
   * operator's alert names the source to mend), else one shared label (agent input is never a label).
   */
  async function sourceLabelOf(slug: string): Promise<string> {
    try {
      await service.store.get(slug);
      return slug;
    } catch (error) {
      return SourceValidationError.isInstance(error) && error.file !== undefined ? slug : otherSourceLabel;
    }
  }

  async function call(name: string, input: unknown, options: CallOptions): Promise<ToolResult> {
    // `api_<slug>_operations` and `api_<slug>_write` belong to their source, resolved as the service resolves them (an agent token for "x" may search x's operations).
    const slug = await sourceOfToolName(service.store, name);
    const auditChannel = auditChannelOf[options.channel];
    // The span names who the call is for, as the audit line does (never a secret).
    const traced = {
      // A call by the slug (`POST /v1/tools/github/call`) is the source's tool, named as every channel names it.
      tool: name === slug ? apiToolName(slug) : name,
      source: slug,
      channel: auditChannel,
      principal: principalOf(options.caller ?? admin),
    };
    if (metrics === undefined) return traceToolCall(traced, () => gated(name, slug, input, options));
    const started = performance.now();
    const ended = metrics.callStarted(auditChannel);
    try {
      const result = await traceToolCall(traced, () => gated(name, slug, input, options));
      metrics.callFinished({
        source: slug,
        channel: auditChannel,
        outcome: toolCallOutcomeOf(result),
        status: result.status,
        code: result.error?.code,
        seconds: (performance.now() - started) / 1000,
      });
      return result;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const source = await sourceLabelOf(slug);
      metrics.callFinished({
        source,
        channel: auditChannel,
        outcome: toolCallOutcomeOfError(error),
        status: 0,
        code: typeof code === "string" ? code : undefined,
        seconds: (performance.now() - started) / 1000,
      });
      throw error;
    } finally {
      ended();
    }
  }

  /** The `NOT_CONNECTED` answer with its connect link; without one (and a warning) when the link store does not answer. */
  async function withConnectLink(
    answered: ToolResult,
    slug: string,
    principal: string,
    requestUrl: string | undefined,
  ): Promise<ToolResult> {
    try {
      return withConnectUrl(answered, await connectUrlFor!(slug, principal, requestUrl));
    } catch (error) {
      logger.warn(
        { event: "connect_link_failed", source: slug, principal, errorMessage: (error as Error).message },
        "could not store a connect link; the agent is told NOT_CONNECTED without one",
      );
      return answered;
    }
  }

  async function gated(
    name: string,
    slug: string,
    input: unknown,
    { channel, signal, caller = admin, confirm, requestUrl }: CallOptions,
  ): Promise<ToolResult> {
    const started = performance.now();
    try {
      if (closed) throw new ShuttingDownError();
      if (!mayCallSource(caller, slug)) {
        throw new ForbiddenError({ message: notForThisSourceMessage(caller, slug) });
      }
      const answered = await limiter.run(slug, () =>
        service.callTool(name, input, {
          signal,
          caller: callerIdentity(caller),
          principal: principalOf(caller),
          token: tokenPolicyOf(caller, slug),
          confirm,
        }),
      );
      // No link for the operator (`local`, the admin token): its own credential is stored with
      // `src credential set SLUG --principal local`, never through a link whose holder would become the operator.
      const result =
        answered.error?.code === "NOT_CONNECTED" && connectUrlFor !== undefined && caller.kind !== "admin"
          ? await withConnectLink(answered, slug, principalOf(caller), requestUrl)
          : answered;
      void auditLog?.record(auditLineOfResult(auditChannelOf[channel], slug, result, principalOf(caller)));
      logAgentCall(logger, { channel, caller, slug, name, result });
      return result;
    } catch (error) {
      void auditLog?.record(
        auditLineOfRefusal(auditChannelOf[channel], slug, error, performance.now() - started, principalOf(caller)),
      );
      logRefusedCall(logger, {
        channel,
        caller,
        slug,
        name,
        error,
        durationMs: Math.round(performance.now() - started),
      });
      throw error;
    }
  }

  return {
    call,
    serviceFor: (channel, caller = admin, requestUrl) => ({
      ...service,
      // Options pass through (a page of MCP tools/list lists from its cursor's source on); the caller's token
      // narrows each source's tools and leaves out the sources it may not call.
      listTools: async (options) =>
        (
          await service.listTools({
            ...options,
            token: (slug) => tokenPolicyOf(caller, slug),
            sources: (slug) => mayCallSource(caller, slug),
          })
        ).filter((tool) => mayCallSource(caller, tool.source)),
      callTool: (name, input, options) =>
        call(name, input, { channel, signal: options?.signal, caller, confirm: options?.confirm, requestUrl }),
      // A cut result is read back by the caller that made the call only.
      readStoredResult: (ref, options) =>
        service.readStoredResult(ref, {
          offset: options?.offset,
          caller: callerIdentity(caller),
          token: (slug) => tokenPolicyOf(caller, slug),
          sources: (slug) => mayCallSource(caller, slug),
        }),
    }),
    close: () => {
      closed = true;
    },
  };
}

/**
 * Why an agent may not call `slug`, and the remedy that fits how it signed in: a hosted agent's grant is widened by
 * signing in again (a static token would not help a host with no field for one), an identity provider's token by
 * the operator's settings, a static token by a token for the source. A name no source can have gets no command.
 */
function notForThisSourceMessage(caller: Caller, slug: string): string {
  const name = caller.kind === "agent" ? caller.name : "admin";
  const refused = `agent token "${name}" may not call source "${slug}"`;
  if (!slugSchema.safeParse(slug).success)
    return `${refused}: no source can have that name (src source list shows the sources)`;
  const principal = caller.kind === "agent" ? caller.principal : "";
  if (principal.startsWith("grant:"))
    return `${refused}: the person who signed this agent in did not allow it; sign the agent in again and tick "${slug}" on the consent page`;
  if (principal.startsWith("idp:"))
    return `${refused}: the identity provider's token has no scope for it; its client must be given the scope src:${slug} (or src:${slug}:read) there`;
  // Said the same whether the source exists or not: a token limited to some sources learns nothing of the others.
  return `${refused}; if it is a source of this server, the operator can create a token for it (src token create NAME --sources ${slug})`;
}
