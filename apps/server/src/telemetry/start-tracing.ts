import { InvalidServerOptionError } from "../errors/invalid-server-option-error";

/** Tracing started by `startTracingFromEnvironment`: flush and stop it before the process ends. */
export interface Tracing {
  /** Where the spans go (the traces endpoint's origin and path), for the start-up log line. */
  readonly endpoint: string;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

/** The OTLP protocols this process can export with: OTLP over HTTP, protobuf or JSON. */
const httpProtocols = ["http/protobuf", "http/json"] as const;
export type OtlpHttpProtocol = (typeof httpProtocols)[number];

/** What the environment asks for: nothing (tracing off), or OTLP/HTTP with a protocol. */
export function tracingWantedBy(env: Record<string, string | undefined>): { protocol: OtlpHttpProtocol } | undefined {
  const set = (name: string): string | undefined => (env[name]?.trim() === "" ? undefined : env[name]?.trim());
  if (set("OTEL_SDK_DISABLED")?.toLowerCase() === "true") return undefined;
  if (set("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") === undefined && set("OTEL_EXPORTER_OTLP_ENDPOINT") === undefined)
    return undefined;
  const exporters = set("OTEL_TRACES_EXPORTER")
    ?.toLowerCase()
    .split(",")
    .map((name) => name.trim());
  if (exporters?.includes("none") === true) return undefined;
  const variable =
    set("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") === undefined
      ? "OTEL_EXPORTER_OTLP_PROTOCOL"
      : "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
  const protocol = set(variable) ?? "http/protobuf";
  if (!(httpProtocols as readonly string[]).includes(protocol)) {
    throw new InvalidServerOptionError({
      option: variable,
      value: protocol,
      problem: `must be http/protobuf (the default) or http/json: src exports traces over OTLP/HTTP only; point the endpoint at a collector's HTTP port (4318)`,
    });
  }
  return { protocol: protocol as OtlpHttpProtocol };
}

let started: { tracing: Promise<Tracing>; users: number } | undefined;

/**
 * Starts OpenTelemetry tracing when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set
 * (and `OTEL_SDK_DISABLED` is not `true`): the SDK's tracer provider, registered globally (so the libraries'
 * `@opentelemetry/api` spans are recorded), W3C trace context, a batch processor and the OTLP/HTTP exporter, all
 * configured by the standard `OTEL_*` variables (endpoint, headers, protocol, timeout, compression, service name,
 * resource attributes, sampler, batch sizes). Otherwise it loads nothing of the SDK and answers `undefined`. One
 * tracer provider per process: a second caller shares the first's, and it stops with the last `shutdown`.
 */
export async function startTracingFromEnvironment(
  env: Record<string, string | undefined>,
  { serviceName }: { serviceName: string },
): Promise<Tracing | undefined> {
  const wanted = tracingWantedBy(env);
  if (wanted === undefined) return undefined;
  if (started === undefined) {
    const tracing = import("./tracing-sdk").then(({ startTracingSdk }) =>
      startTracingSdk({ env, serviceName, protocol: wanted.protocol }),
    );
    started = { tracing, users: 0 };
    tracing.catch(() => (started = undefined));
  }
  const current = started;
  const tracing = await current.tracing;
  current.users += 1;
  let stopped = false;
  return {
    endpoint: tracing.endpoint,
    async shutdown() {
      if (stopped) return;
      stopped = true;
      current.users -= 1;
      if (current.users > 0) return;
      if (started === current) started = undefined;
      await tracing.shutdown();
    },
  };
}
