// The only module that loads the OpenTelemetry SDK; `start-tracing.ts` imports it when tracing is asked for.
import { context, propagation, trace } from "@opentelemetry/api";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, type SpanExporter } from "@opentelemetry/sdk-trace-node";
import { defaultTracingShutdownDeadlineMs, type OtlpHttpProtocol, type Tracing } from "./start-tracing";

async function exporterFor(protocol: OtlpHttpProtocol): Promise<SpanExporter> {
  // Both read the endpoint, headers, timeout and compression from the OTEL_EXPORTER_OTLP_* variables themselves.
  if (protocol === "http/json")
    return new (await import("@opentelemetry/exporter-trace-otlp-http")).OTLPTraceExporter();
  return new (await import("@opentelemetry/exporter-trace-otlp-proto")).OTLPTraceExporter();
}

/** `ExportResultCode.SUCCESS` of `@opentelemetry/core` (the SDK's own enum; 1 is FAILED). */
const exportSucceeded = 0;

/** The exporter, telling `onFailure` of the first batch it could not send (a collector down, refusing or answering 5xx). */
function reportingFirstFailure(exporter: SpanExporter, onFailure: (reason: string) => void): SpanExporter {
  let told = false;
  const send = exporter.export.bind(exporter);
  exporter.export = (spans, done) =>
    send(spans, (result) => {
      if (Number(result.code) !== exportSucceeded && !told) {
        told = true;
        onFailure(result.error?.message ?? "the collector did not take them");
      }
      done(result);
    });
  return exporter;
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
  onExportFailure,
}: {
  env: Record<string, string | undefined>;
  serviceName: string;
  protocol: OtlpHttpProtocol;
  /** Told once of the first batch of spans that could not be sent, and when stopping dropped the last ones (never a header value). */
  onExportFailure: (message: string) => void;
}): Promise<Tracing> {
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over the app's default name.
  const resource = resourceFromAttributes({ "service.name": serviceName }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  const endpoint = tracesEndpointOf(env);
  const exporter = reportingFirstFailure(await exporterFor(protocol), (reason) =>
    onExportFailure(`could not send traces to ${endpoint} (${reason}); calls go on, their spans are dropped`),
  );
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register();
  return {
    endpoint,
    async shutdown({ deadlineMs = defaultTracingShutdownDeadlineMs } = {}) {
      // A collector that is down or hangs is retried until OTEL_EXPORTER_OTLP_TIMEOUT (10 s): the process does not wait that long.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), deadlineMs);
        timer.unref();
      });
      const flushed = await Promise.race([
        provider.shutdown().then(
          () => "done" as const,
          () => "done" as const,
        ),
        late,
      ]);
      clearTimeout(timer);
      if (flushed === "late")
        onExportFailure(
          `the collector at ${endpoint} did not take the last spans within ${deadlineMs} ms; they were dropped`,
        );
      // Unregistered, so a later start in this process (a test, an embedding app) can register again.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
