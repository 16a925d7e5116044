// The only module that loads the OpenTelemetry SDK; `start-tracing.ts` imports it when tracing is asked for.
import { context, propagation, trace } from "@opentelemetry/api";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace-node";
import type { OtlpHttpProtocol, Tracing } from "./start-tracing";

async function exporterFor(protocol: OtlpHttpProtocol): Promise<SpanExporter> {
  // Both read the endpoint, headers, timeout and compression from the OTEL_EXPORTER_OTLP_* variables themselves.
  if (protocol === "http/json")
    return new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter();
  return new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter();
}

/** The traces endpoint the exporter sends to, as the OTLP exporter works it out from the variables (for the log line). */
function tracesEndpointOf(env: Record<string, string | undefined>): string {
  const specific = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const url =
    specific !== undefined && specific !== ""
      ? specific
      : `${(env.OTEL_EXPORTER_OTLP_ENDPOINT ?? "").trim().replace(/\/+$/, "")}/v1/traces`;
  // Only where spans go, never a user or password an endpoint URL might carry.
  return URL.canParse(url) ? `${new URL(url).origin}${new URL(url).pathname}` : "(an endpoint that is not a URL)";
}

/** The tracer provider, registered globally with the W3C trace context propagator and the async-hooks context manager. */
export async function startTracingSdk({
  env,
  serviceName,
  protocol,
}: {
  env: Record<string, string | undefined>;
  serviceName: string;
  protocol: OtlpHttpProtocol;
}): Promise<Tracing> {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the app's default name.
  const resource = resourceFromAttributes({ "service.name": serviceName }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(await exporterFor(protocol))],
  });
  provider.register();
  return {
    endpoint: tracesEndpointOf(env),
    async shutdown() {
      await provider.shutdown();
      // Unregistered, so a later start in this process (a test, an embedding app) can register again.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
