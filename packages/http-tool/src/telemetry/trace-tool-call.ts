import { context, createContextKey, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import type { ToolResult } from "../result/tool-result";
import { httpToolTracer } from "./http-tool-tracer";
import { toolCallOutcomeOf, toolCallOutcomeOfError } from "./tool-call-outcome";
import { methodAttributeOf } from "./method-attribute";

/** What the layers of one traced call add to its span as they learn it (the stages below the one that started it). */
export interface ToolCallTrace {
  readonly span: Span;
  /** Request body bytes sent, every attempt together. */
  bytesOut: number;
  /** Response body bytes read, every attempt together. */
  bytesIn: number;
  /** The path template of the operation the call matched in the source's OpenAPI document (`/repos/{owner}/{repo}`). */
  template?: string | undefined;
  operationId?: string | undefined;
}

/** Where a call came in; `in-process` for a library caller that names none. */
export interface ToolCallStart {
  readonly tool: string;
  readonly source: string;
  readonly channel: string;
  /** Who the call is made for (`idp:SUB`, `grant:NAME`, `token:NAME`, `local`): `src.principal`. Never a secret. */
  readonly principal?: string | undefined;
}

const toolCallKey = createContextKey("@src/http-tool: the traced tool call");

/** What a span says for a name an agent made up that no tool or source can have (`api_Upper_X`, 5,000 characters): one fixed value. */
export const otherNameAttribute = "_other";
/** The shape of a tool name src gives (`api_<slug>`, `api_<slug>_operations`, at most 64 characters). */
const toolNameShape = /^[a-z0-9_]{1,64}$/;
/** The shape of a slug (`@src/config`'s `slugSchema`). */
const slugShape = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** The traced call this code runs in, when tracing is on and a layer above started one. */
export function currentToolCall(): ToolCallTrace | undefined {
  return context.active().getValue(toolCallKey) as ToolCallTrace | undefined;
}

/**
 * Runs one agent call in its span (`execute_tool <tool>`): the outermost layer that knows the channel starts it (the
 * server's call gate, the CLI's audited service, else `callSource`), and layers below only add to it. Its attributes
 * are bounded facts, never a value of the call: the source, the tool, the channel, the principal, the method, the path template and
 * operationId when the source's document names them (never the raw path), the status, the attempts, the bytes in and
 * out, and the outcome. Without an SDK the span is a no-op and nothing is computed.
 */
export async function traceToolCall(start: ToolCallStart, run: () => Promise<ToolResult>): Promise<ToolResult> {
  const parent = context.active();
  if (parent.getValue(toolCallKey) !== undefined) return run();
  // An agent's name is bounded before it becomes a span's name or attribute: only names a tool or source can have.
  const tool = toolNameShape.test(start.tool) ? start.tool : otherNameAttribute;
  const span = httpToolTracer.startSpan(
    `execute_tool ${tool}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool,
        "src.source": slugShape.test(start.source) ? start.source : otherNameAttribute,
        "src.channel": start.channel,
        ...(start.principal === undefined ? {} : { "src.principal": start.principal }),
      },
    },
    parent,
  );
  if (!span.isRecording()) {
    span.end();
    return run();
  }
  const traced: ToolCallTrace = { span, bytesOut: 0, bytesIn: 0 };
  try {
    const result = await context.with(trace.setSpan(parent, span).setValue(toolCallKey, traced), run);
    describeResult(traced, result);
    return result;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    span.setAttributes({
      "src.outcome": toolCallOutcomeOfError(error),
      "error.type": typeof code === "string" ? code : "_OTHER",
    });
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw error;
  } finally {
    span.end();
  }
}

function describeResult(traced: ToolCallTrace, result: ToolResult): void {
  const { span } = traced;
  const outcome = toolCallOutcomeOf(result);
  // No method for an answer that sent no request and names none (`api_<slug>_operations` searches, a stored part).
  const method = methodAttributeOf(result.request.method);
  if (result.attempts > 0 || method !== "_OTHER") span.setAttribute("http.request.method", method);
  span.setAttributes({
    "src.attempts": result.attempts,
    "src.outcome": outcome,
    "src.bytes_out": traced.bytesOut,
    "src.bytes_in": traced.bytesIn,
  });
  if (result.status > 0) span.setAttribute("http.response.status_code", result.status);
  if (traced.template !== undefined) span.setAttribute("url.template", traced.template);
  if (traced.operationId !== undefined) span.setAttribute("src.operation_id", traced.operationId);
  if (outcome !== "ok") {
    span.setAttribute("error.type", result.error?.code ?? String(result.status));
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
}
