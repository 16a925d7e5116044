import { context, propagation, ROOT_CONTEXT, type TextMapGetter } from "@opentelemetry/api";
import { requestHeader } from "../request-header";

type HonoContextLike = Parameters<typeof requestHeader>[0];

const requestGetter: TextMapGetter<HonoContextLike> = {
  get: (c, key) => requestHeader(c, key.toLowerCase()),
  // The W3C propagators ask for their own names (traceparent, tracestate, baggage); none lists every header.
  keys: () => [],
};

/**
 * Runs `run` in the trace the caller's W3C `traceparent` (and `tracestate`) names, so the call's span continues it;
 * with no such header, in a new trace (the caller's ambient context is not this request's). Without an SDK the
 * propagator is a no-op and this is `run()`.
 */
export function withIncomingTraceContext<T>(c: HonoContextLike, run: () => T): T {
  return context.with(propagation.extract(ROOT_CONTEXT, c, requestGetter), run);
}
