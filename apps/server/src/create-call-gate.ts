import type { CallAuditLog, SourceService } from "@src/service";
import { auditLineOfRefusal, auditLineOfResult, slugOfToolName } from "@src/service";
import type { ToolResult } from "@src/http-tool";
import type { Logger } from "pino";
import { ShuttingDownError } from "./errors/shutting-down-error";
import { scalarLineLoggerOf } from "./scalar-line-logger";
import type { SourceCallLimiter } from "./source-call-limiter";

/** Where an agent call came in. */
export type CallChannel = "http" | "mcp";

/** Agent calls through the per-source limits, logged one line each, refused once shutdown starts. */
export interface CallGate {
  call(name: string, input: unknown, options: { channel: CallChannel; signal?: AbortSignal }): Promise<ToolResult>;
  /** The service as MCP sees it: the same, with `callTool` going through this gate. */
  serviceFor(channel: CallChannel): SourceService;
  /** Refuses new calls from now on (`SHUTTING_DOWN`). */
  close(): void;
}

/** The path and query of a redacted URL, without the origin. */
function pathOf(url: string): string {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(url);
  const rest = match?.[1] ?? url;
  return rest === "" ? "/" : rest;
}

/** The channel's name in `$SRC_HOME/logs/calls.jsonl`, shared with the CLI's `cli` and `mcp-stdio`. */
const auditChannelOf = { http: "http", mcp: "mcp-http" } as const;

export function createCallGate({
  service,
  limiter,
  logger,
  auditLog,
}: {
  service: SourceService;
  limiter: SourceCallLimiter;
  logger: Logger;
  /** Where each call's audit line goes too (not awaited: it never delays the answer). Default: none. */
  auditLog?: CallAuditLog;
}): CallGate {
  let closed = false;

  async function call(name: string, input: unknown, { channel, signal }: { channel: CallChannel; signal?: AbortSignal }): Promise<ToolResult> {
    const slug = slugOfToolName(name) ?? name;
    if (closed) throw new ShuttingDownError();
    const started = performance.now();
    try {
      const result = await limiter.run(slug, () => service.callTool(name, input, { signal }));
      void auditLog?.record(auditLineOfResult(auditChannelOf[channel], slug, result));
      scalarLineLoggerOf(logger).info(
        {
          event: "tool_call",
          channel,
          source: slug,
          tool: name,
          method: result.request.method,
          path: pathOf(result.request.url),
          status: result.status,
          ok: result.ok,
          durationMs: result.durationMs,
          attempts: result.attempts,
          errorCode: result.error?.code ?? null,
        },
        "agent call",
      );
      return result;
    } catch (error) {
      void auditLog?.record(auditLineOfRefusal(auditChannelOf[channel], slug, error, performance.now() - started));
      scalarLineLoggerOf(logger).warn(
        {
          event: "tool_call",
          channel,
          source: slug,
          tool: name,
          ok: false,
          durationMs: Math.round(performance.now() - started),
          errorCode: (error as { code?: string }).code ?? "INTERNAL",
          errorMessage: (error as Error).message,
        },
        "agent call refused",
      );
      throw error;
    }
  }

  return {
    call,
    serviceFor: (channel) => ({ ...service, callTool: (name, input, options) => call(name, input, { channel, signal: options?.signal }) }),
    close: () => {
      closed = true;
    },
  };
}
