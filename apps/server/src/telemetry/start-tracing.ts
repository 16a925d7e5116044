import { InvalidServerOptionError } from "../errors/invalid-server-option-error";
import { checkTracingVariables } from "./check-tracing-variables";

/** Tracing started by `startTracingFromEnvironment`: flush and stop it before the process ends. */
export interface Tracing {
  /** Where the spans go (the traces endpoint's origin and path), for the start-up log line. */
  readonly endpoint: string;
  /**
   * Sends the spans still buffered, then stops; waits at most `deadlineMs` (default: the `shutdownDeadlineMs` tracing
   * was started with), after which the spans not sent are dropped and `onExportFailure` says so.
   */
  shutdown(options?: { deadlineMs?: number }): Promise<void>;
}

/** How long stopping waits for the last spans by default: a collector that is down is not waited for 10 s. */
export const defaultTracingShutdownDeadlineMs = 5000;

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
  for (const name of ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "OTEL_EXPORTER_OTLP_ENDPOINT"]) {
    const endpoint = set(name);
    if (endpoint !== undefined) checkEndpoint(name, endpoint);
  }
  checkTracingVariables(set);
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

/**
 * Refuses an endpoint the OTLP exporter would not send to as written: not a URL (it would fall back to
 * `http://localhost:4318` without a word), not http(s), or with a query or fragment (the exporter appends
 * `/v1/traces` after them). The message shows the endpoint's origin at most, never a user, password or query.
 */
function checkEndpoint(name: string, endpoint: string): void {
  const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
  const shown = url === undefined ? "(not a URL)" : `${url.protocol}//${url.host}`;
  const problem =
    url === undefined
      ? "must be an http:// or https:// URL, such as http://127.0.0.1:4318 (a collector's OTLP/HTTP port)"
      : url.protocol !== "http:" && url.protocol !== "https:"
        ? "must be an http:// or https:// URL: src exports traces over OTLP/HTTP only"
        : url.search !== "" || url.hash !== ""
          ? "must not carry a query or fragment (the exporter adds /v1/traces after them); send a collector's token in OTEL_EXPORTER_OTLP_HEADERS"
          : undefined;
  if (problem !== undefined) throw new InvalidServerOptionError({ option: name, value: shown, problem });
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
  {
    serviceName,
    onExportFailure = (message) => process.stderr.write(`src: ${message}\n`),
    shutdownDeadlineMs = defaultTracingShutdownDeadlineMs,
  }: {
    serviceName: string;
    /** Told once of the first spans that could not be sent, and when stopping dropped the last ones. Default: a line on standard error. */
    onExportFailure?: (message: string) => void;
    /** How long `shutdown` waits for the last spans. Default 5 s. */
    shutdownDeadlineMs?: number;
  },
): Promise<Tracing | undefined> {
  const wanted = tracingWantedBy(env);
  if (wanted === undefined) return undefined;
  if (started === undefined) {
    const tracing = import("./tracing-sdk").then(({ startTracingSdk }) =>
      startTracingSdk({
        env,
        serviceName,
        protocol: wanted.protocol,
        onExportFailure,
      }),
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
    async shutdown({ deadlineMs = shutdownDeadlineMs } = {}) {
      if (stopped) return;
      stopped = true;
      current.users -= 1;
      if (current.users > 0) return;
      if (started === current) started = undefined;
      await tracing.shutdown({ deadlineMs });
    },
  };
}
