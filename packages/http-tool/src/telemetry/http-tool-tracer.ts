import { trace } from "@opentelemetry/api";

/**
 * The tracer of this package: a no-op until an app registers an OpenTelemetry SDK (`@opentelemetry/api` delegates
 * to it from then on). The library never loads the SDK itself.
 */
export const httpToolTracer = trace.getTracer("@src/http-tool");
