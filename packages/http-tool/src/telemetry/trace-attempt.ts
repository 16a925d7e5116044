import { context, propagation, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { sendAttempt, type AttemptOutcome, type AttemptSettings } from "../execution/send-attempt";
import type { Hop } from "../transport/hop";
import { httpToolTracer } from "./http-tool-tracer";
import { methodAttributeOf } from "./method-attribute";
import { currentToolCall } from "./trace-tool-call";

/**
 * Sends one attempt in a client span named after its method, with the HTTP client semantic conventions' attributes:
 * method, server address and port, scheme, the resend count, the status, the body sizes, `error.type`, and the path
 * template when the source's document names the operation. Not `url.full`: a path holds values (names, ids) and a
 * query may hold the credential itself (`--auth query`), and no value of a call goes into a span. The trace context
 * goes to the API only when `settings.propagateTrace` is set (`api.propagateTrace`); the hop is copied for it, never
 * changed. `resendCount`: the requests of this call sent before this one (retries and redirect hops).
 */
export async function traceAttempt(hop: Hop, settings: AttemptSettings, resendCount: number): Promise<AttemptOutcome> {
  const parent = context.active();
  const span = httpToolTracer.startSpan(methodAttributeOf(hop.method), { kind: SpanKind.CLIENT }, parent);
  const recording = span.isRecording();
  let sent = hop;
  if (settings.propagateTrace) {
    const headers: Record<string, string> = { ...hop.headers };
    propagation.inject(trace.setSpan(parent, span), headers);
    sent = { ...hop, headers };
  }
  if (!recording) {
    span.end();
    return sendAttempt(sent, settings);
  }
  const traced = currentToolCall();
  const url = new URL(hop.url);
  const bytesOut = hop.body === undefined ? 0 : Buffer.byteLength(hop.body);
  span.setAttributes({
    "http.request.method": methodAttributeOf(hop.method),
    "server.address": url.hostname,
    "server.port": url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port),
    "url.scheme": url.protocol.slice(0, -1),
    "http.request.body.size": bytesOut,
  });
  if (resendCount > 0) span.setAttribute("http.request.resend_count", resendCount);
  if (traced?.template !== undefined) span.setAttribute("url.template", traced.template);
  if (traced !== undefined) traced.bytesOut += bytesOut;
  try {
    const outcome = await sendAttempt(sent, settings);
    const status = outcome.response?.status;
    if (status !== undefined) span.setAttribute("http.response.status_code", status);
    if (outcome.kind === "response") {
      const bytesIn = outcome.body.bytes.byteLength;
      span.setAttribute("http.response.body.size", bytesIn);
      if (traced !== undefined) traced.bytesIn += bytesIn;
    }
    const errorType =
      outcome.kind === "failure"
        ? outcome.error.code
        : status !== undefined && status >= 400
          ? String(status)
          : undefined;
    if (errorType !== undefined) {
      span.setAttribute("error.type", errorType);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return outcome;
  } finally {
    span.end();
  }
}
