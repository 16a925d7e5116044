import { CLIENT_ERROR_CODES, SrcClientError } from "./src-client-error";

function invalidOption(message: string): SrcClientError {
  return new SrcClientError({ code: CLIENT_ERROR_CODES.INVALID_CLIENT_OPTION, message, status: null });
}

/** Options of `createSrcClient`. */
export interface SrcClientOptions {
  /** The server's URL, e.g. `http://127.0.0.1:7410` (a path prefix behind a reverse proxy is kept). Required. */
  baseUrl: string;
  /** The admin token, or an agent token, sent as `Authorization: Bearer` on every request. Default: none (only `/healthz` answers). */
  token?: string;
  /** Milliseconds to wait for an answer, retries included, on routes that only touch the server. Default 30,000. */
  timeoutMs?: number;
  /**
   * Milliseconds to wait on routes that call the upstream API (create, reload, credential set, tool call,
   * operator command), whose own timeouts and retries come first. Default 120,000.
   */
  upstreamTimeoutMs?: number;
  /** Retries of idempotent requests (GET, PUT, DELETE) after a network failure or a 408, 429, 500, 502, 503 or 504. POST and PATCH are never retried. Default 2. */
  retryLimit?: number;
  /** The `fetch` to use (a test server's, a proxy-aware one). Default: the global `fetch`. */
  fetch?: typeof fetch;
}

/** The defaults of `SrcClientOptions`. */
export const defaultClientOptions = {
  timeoutMs: 30_000,
  upstreamTimeoutMs: 120_000,
  retryLimit: 2,
} as const;

/** `SrcClientOptions` with every default filled in and the base URL checked. */
export interface NormalizedClientOptions {
  baseUrl: string;
  token: string | undefined;
  timeoutMs: number;
  upstreamTimeoutMs: number;
  retryLimit: number;
  fetch: typeof fetch | undefined;
}

/** Merges `options` over `defaultClientOptions`; throws a `SrcClientError` (`INVALID_CLIENT_OPTION`) naming the option that is wrong. */
export function normalizeClientOptions(options: SrcClientOptions): NormalizedClientOptions {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw invalidOption(
      `baseUrl must be an absolute http(s) URL of the src server, such as http://127.0.0.1:7410 (got ${JSON.stringify(options.baseUrl)})`,
    );
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    throw invalidOption(
      "baseUrl must be the server's address only: no query, fragment or user name (give the token as the token option)",
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalidOption(
      `baseUrl must use http or https, such as http://127.0.0.1:7410 (got ${JSON.stringify(options.baseUrl)})`,
    );
  }
  const positive = (name: keyof typeof defaultClientOptions, value: number | undefined, minimum: number): number => {
    const chosen = value ?? defaultClientOptions[name];
    if (!Number.isInteger(chosen) || chosen < minimum)
      throw invalidOption(`${name} must be a whole number of at least ${minimum} (got ${String(value)})`);
    return chosen;
  };
  return {
    baseUrl: url.href.endsWith("/") ? url.href : `${url.href}/`,
    token: options.token === undefined || options.token === "" ? undefined : options.token,
    timeoutMs: positive("timeoutMs", options.timeoutMs, 1),
    upstreamTimeoutMs: positive("upstreamTimeoutMs", options.upstreamTimeoutMs, 1),
    retryLimit: positive("retryLimit", options.retryLimit, 0),
    fetch: options.fetch,
  };
}
