import { apiToolName, traceToolCall } from "@src/http-tool/internal";
import type { SourceService } from "../sources/source-service";
import { localPrincipal } from "../principal";
import { sourceOfToolName } from "../sources/write-tool-slug";
import { auditLineOfRefusal, auditLineOfResult, type CallAuditChannel } from "./call-audit-line";
import type { CallAuditLog } from "./call-audit-log";

/**
 * The same service with every `callTool` written to `log` on `channel`, ok or
 * not, refusals included. Used by `src call` and `src mcp`; the server writes
 * the same lines from its call gate.
 */
export function withCallAudit(
  service: SourceService,
  { channel, log }: { channel: CallAuditChannel; log: CallAuditLog },
): SourceService {
  return {
    ...service,
    async callTool(name, input, options) {
      const source = await sourceOfToolName(service.store, name);
      const started = performance.now();
      // The call's span (when tracing is on) names this channel; the layers below add to it.
      return traceToolCall(
        // A call by the slug (`src call github`) is the source's tool, named as every channel names it.
        {
          tool: name === source ? apiToolName(source) : name,
          source,
          channel,
          principal: options?.principal ?? localPrincipal,
        },
        async () => {
          try {
            const result = await service.callTool(name, input, options);
            await log.record(auditLineOfResult(channel, source, result, options?.principal));
            return result;
          } catch (error) {
            await log.record(
              auditLineOfRefusal(channel, source, error, performance.now() - started, options?.principal),
            );
            throw error;
          }
        },
      );
    },
  };
}
