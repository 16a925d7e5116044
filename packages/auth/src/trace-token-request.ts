import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AuthorizeError } from "./errors/authorize-error";

/** One request to a token endpoint, as an auth runtime hears of it (`AuthRuntime.onTokenRequest`): never a token or a value. */
export interface TokenRequestEvent {
  /** The source's slug. */
  readonly slug: string;
  /** The grant asked for: `client_credentials`, `refresh_token`, `authorization_code`, or a custom plugin's word. */
  readonly grant: string;
  /** `ok`: a token came back; `needs_auth`: the server refused the credential (an operator must act); `failed`: no usable answer. */
  readonly outcome: "ok" | "needs_auth" | "failed";
  readonly durationMs: number;
}

/** What `traceTokenRequest` says about the request: none of it a secret. */
export interface TokenRequestDetails {
  readonly slug: string;
  readonly grant: string;
  /** The token endpoint's URL: only its scheme, host and port are recorded. */
  readonly tokenUrl: string;
  /** Told when the request ends (the call's auth runtime, through `tokenRequestReporterOf`). Default: nobody. */
  readonly report?: ((event: TokenRequestEvent) => void) | undefined;
}

const tracer = trace.getTracer("@src/auth");

/**
 * Runs one request to a token endpoint (`run`) in a client span `token_request` (source, grant, server address and
 * port, outcome; never the URL's path or query, a token, a client id or a secret), and tells `details.report`
 * how it ended. Plugins that fetch tokens call it around each request; without an OpenTelemetry SDK the span is a no-op.
 */
export async function traceTokenRequest<T>(details: TokenRequestDetails, run: () => Promise<T>): Promise<T> {
  const span = tracer.startSpan("token_request", { kind: SpanKind.CLIENT });
  if (span.isRecording()) {
    span.setAttributes({ "src.source": details.slug, "src.auth.grant": details.grant, "http.request.method": "POST" });
    const url = URL.canParse(details.tokenUrl) ? new URL(details.tokenUrl) : undefined;
    if (url !== undefined) {
      span.setAttributes({
        "server.address": url.hostname,
        "server.port": url.port === "" ? (url.protocol === "https:" ? 443 : 80) : Number(url.port),
        "url.scheme": url.protocol.slice(0, -1),
      });
    }
  }
  const started = performance.now();
  let outcome: TokenRequestEvent["outcome"] = "failed";
  try {
    const value = await run();
    outcome = "ok";
    return value;
  } catch (error) {
    outcome = AuthorizeError.isInstance(error) && error.outcome === "needs_auth" ? "needs_auth" : "failed";
    throw error;
  } finally {
    span.setAttribute("src.outcome", outcome);
    if (outcome !== "ok") {
      span.setAttribute("error.type", outcome);
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
    details.report?.({ slug: details.slug, grant: details.grant, outcome, durationMs: performance.now() - started });
  }
}
