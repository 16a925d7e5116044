import type { TokenRequestEvent } from "@src/auth";
import type { ToolCallOutcome } from "@src/http-tool";
import type { ServiceObserver } from "@src/service";
import type { StorePoolStats } from "@src/store-postgres";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** One finished agent call, as the call gate saw it. */
export interface FinishedCall {
  /** The source's slug, or `otherSourceLabel` when the call named no existing source. */
  readonly source: string;
  readonly channel: string;
  readonly outcome: ToolCallOutcome;
  /** The API's status, 0 when there was no response. */
  readonly status: number;
  /** The refusal's code (`POLICY_DENIED`, `RATE_LIMITED`, `SOURCE_BUSY`...), when it was refused. */
  readonly code: string | undefined;
  readonly seconds: number;
}

/** The `source` label of calls that named no existing source (an unknown tool): agent input never becomes a label. */
export const otherSourceLabel = "_other";

/** The server's Prometheus metrics (`GET /metrics`): what the call gate, the service and the store report. */
export interface ServerMetrics {
  /** The prom-client registry (one per server app, so several apps in one process do not mix). */
  readonly registry: Registry;
  /** An agent call starts on `channel`; the function returned ends it. */
  callStarted(channel: string): () => void;
  callFinished(call: FinishedCall): void;
  /** What the service reports (token requests, vault and store failures): pass it as `observer` to `createSourceService`. */
  readonly observer: ServiceObserver;
  /** Reads the PostgreSQL pool at each scrape (`PostgresStore.poolStats`). */
  watchStorePool(read: () => Promise<StorePoolStats | undefined>): void;
  /** The exposition text and its content type. */
  scrape(): Promise<{ text: string; contentType: string }>;
}

/** The refusal codes of a source's policy or a caller's token (`src_policy_refusals_total`). */
const policyCodes: ReadonlySet<string> = new Set([
  "POLICY_DENIED",
  "CONFIRMATION_REQUIRED",
  "CONFIRMATION_DECLINED",
  "FORBIDDEN",
]);
/** Which limit refused a call (`src_rate_limited_calls_total`): a policy's rate limit, or the server's per-source queue. */
const rateLimitOf: Readonly<Record<string, string>> = { RATE_LIMITED: "policy", SOURCE_BUSY: "concurrency" };

/** The label of an error's code: a `SrcError`'s code (a fixed set per package), else `INTERNAL`. */
function codeLabelOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : "INTERNAL";
}

/**
 * The `status_class` of an upstream's final answer: `1xx` to `5xx`, or `other` for a status outside them (an HTTP
 * server may send 600 to 999), so every answer is counted once under a bounded label; `undefined` for 0 (no answer).
 */
function statusClassOf(status: number): string | undefined {
  if (status <= 0) return undefined;
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** Children of a labelled metric by their label values, so a call costs a map lookup, not a label hash. */
function childrenOf<Child>(make: (...values: string[]) => Child): (...values: string[]) => Child {
  const children = new Map<string, Child>();
  return (...values) => {
    const key = values.join("\u0000");
    let child = children.get(key);
    if (child === undefined) {
      child = make(...values);
      children.set(key, child);
    }
    return child;
  };
}

/** Creates the metrics of one server app, with the Node process's default metrics (`process_*`, `nodejs_*`). */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const counter = <Label extends string>(name: string, help: string, labelNames: readonly Label[]) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const calls = counter("src_tool_calls_total", "Agent tool calls by source, channel (http, mcp-http) and outcome.", [
    "source",
    "channel",
    "outcome",
  ]);
  const duration = new Histogram({
    name: "src_tool_call_duration_seconds",
    help: "Time from the call's arrival at the gate to its result, by source.",
    labelNames: ["source"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  // By channel, not source: a call is counted before it is known to name an existing source.
  const inFlight = new Gauge({
    name: "src_tool_calls_in_flight",
    help: "Agent calls running or queued now, by channel (http, mcp-http).",
    labelNames: ["channel"],
    registers: [registry],
  });
  const upstream = counter(
    "src_upstream_responses_total",
    "The APIs' final answers to agent calls, by source and status class (1xx to 5xx; other for a status from 600 to 999).",
    ["source", "status_class"],
  );
  const policy = counter(
    "src_policy_refusals_total",
    "Calls refused by a source's policy or the caller's token, by source and code.",
    ["source", "code"],
  );
  const rateLimited = counter(
    "src_rate_limited_calls_total",
    "Calls refused by a limit, by source and limit (policy: a policy's rate limit; concurrency: the server's per-source queue).",
    ["source", "limit"],
  );
  const tokens = counter(
    "src_token_requests_total",
    "Requests to token endpoints by source, grant and outcome (ok, needs_auth, failed).",
    ["source", "grant", "outcome"],
  );
  const vaultErrors = counter("src_vault_errors_total", "Credential vault failures (open or read), by error code.", [
    "code",
  ]);
  const storeErrors = counter(
    "src_store_errors_total",
    "Source store failures (reading a source or the listing), by error code.",
    ["code"],
  );
  let readPool: (() => Promise<StorePoolStats | undefined>) | undefined;
  const poolMax = new Gauge({
    name: "src_store_pool_max_connections",
    help: "The PostgreSQL pool's size (absent with the file store).",
    registers: [registry],
    async collect() {
      const stats = await readPool?.();
      if (stats !== undefined) this.set(stats.maxConnections);
    },
  });
  const poolConnections = new Gauge({
    name: "src_store_pool_connections",
    help: "This replica's PostgreSQL connections by state (active, idle, idle_in_transaction, other), read from pg_stat_activity at each scrape.",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const stats = await readPool?.();
      this.reset();
      if (stats === undefined) return;
      this.set({ state: "active" }, stats.connections.active);
      this.set({ state: "idle" }, stats.connections.idle);
      this.set({ state: "idle_in_transaction" }, stats.connections.idleInTransaction);
      this.set({ state: "other" }, stats.connections.other);
    },
  });

  // Registered above and read at each scrape; nothing else touches them.
  void poolMax;
  void poolConnections;

  const callCounter = childrenOf((source, channel, outcome) =>
    calls.labels(source ?? "", channel ?? "", outcome ?? ""),
  );
  const durationOf = childrenOf((source) => duration.labels(source ?? ""));
  const inFlightOf = childrenOf((channel) => inFlight.labels(channel ?? ""));
  const upstreamOf = childrenOf((source, statusClass) => upstream.labels(source ?? "", statusClass ?? ""));

  return {
    registry,
    callStarted(channel) {
      const gauge = inFlightOf(channel);
      gauge.inc();
      return () => gauge.dec();
    },
    callFinished({ source, channel, outcome, status, code, seconds }) {
      callCounter(source, channel, outcome).inc();
      durationOf(source).observe(seconds);
      const statusClass = statusClassOf(status);
      if (statusClass !== undefined) upstreamOf(source, statusClass).inc();
      if (code === undefined) return;
      if (policyCodes.has(code)) policy.labels(source, code).inc();
      const limit = rateLimitOf[code];
      if (limit !== undefined) rateLimited.labels(source, limit).inc();
    },
    observer: {
      // A custom plugin names its grants: a word of its own stays a label, anything else is "other".
      tokenRequest: (event: TokenRequestEvent) =>
        tokens
          .labels(event.slug, /^[a-z][a-z0-9_]{0,31}$/.test(event.grant) ? event.grant : "other", event.outcome)
          .inc(),
      vaultError: (error) => vaultErrors.labels(codeLabelOf(error)).inc(),
      storeError: (error) => storeErrors.labels(codeLabelOf(error)).inc(),
    },
    watchStorePool(read) {
      // Both pool gauges read the same answer: one query per scrape.
      let pending: Promise<StorePoolStats | undefined> | undefined;
      readPool = () => {
        pending ??= read().finally(() => setTimeout(() => (pending = undefined), 100).unref());
        return pending;
      };
    },
    async scrape() {
      return { text: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
