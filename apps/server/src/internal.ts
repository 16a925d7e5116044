// What only other @src/* packages use (`@src/server/internal`): small, so the CLI's remote mode loads none of the server.
export { readLocalServerToken } from "./local-server-record";
// The CLI's `src call` and `src mcp` start tracing with it when OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK loads only then).
export { startTracingFromEnvironment } from "./telemetry/start-tracing";
