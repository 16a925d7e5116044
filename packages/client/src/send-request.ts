import ky, { type KyInstance } from "ky";
import type { NormalizedClientOptions } from "./client-options";
import { CLIENT_ERROR_CODES, SrcClientError } from "./src-client-error";
import { toClientError } from "./to-client-error";

/** Per-request options every client method takes. */
export interface RequestOptions {
  /** Aborts the request (the error's code is then `CANCELLED`). */
  signal?: AbortSignal;
  /** Milliseconds to wait for this request, retries included. Default: the client's `timeoutMs` or `upstreamTimeoutMs`. */
  timeoutMs?: number;
}

/** One request as the route methods describe it. */
export interface RouteRequest {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The path without the leading slash, parameters already encoded: `v1/sources/github`. */
  path: string;
  json?: unknown;
  searchParams?: Record<string, string>;
  /** Whether the route calls the upstream API (then `upstreamTimeoutMs` applies). */
  callsUpstream?: boolean;
}

/** Sends a route's request and parses its JSON answer; every failure becomes a `SrcClientError`. */
export type SendRequest = <Body>(route: RouteRequest, options?: RequestOptions) => Promise<Body>;

/** Methods ky may retry: the idempotent ones. POST and PATCH are never sent twice. */
const idempotentMethods = ["get", "put", "delete", "head", "options"];

/** Creates the ky instance (base URL, token, retry) and the function every route method calls. */
export function createSendRequest(options: NormalizedClientOptions): { send: SendRequest; ky: KyInstance } {
  const instance = ky.create({
    prefixUrl: options.baseUrl,
    headers: options.token === undefined ? {} : { authorization: `Bearer ${options.token}` },
    retry: {
      limit: options.retryLimit,
      methods: idempotentMethods,
      // 413 (ky's default list has it) is never worth a retry: the body stays as large.
      statusCodes: [408, 429, 500, 502, 503, 504],
      afterStatusCodes: [429, 503],
      backoffLimit: 3_000,
    },
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  const send: SendRequest = async <Body>(route: RouteRequest, requestOptions: RequestOptions = {}) => {
    const timeoutMs =
      requestOptions.timeoutMs ?? (route.callsUpstream === true ? options.upstreamTimeoutMs : options.timeoutMs);
    const failed = {
      method: route.method.toUpperCase(),
      path: `/${route.path}`,
      baseUrl: options.baseUrl,
      timeoutMs,
      signal: requestOptions.signal,
    };
    let response: Response;
    let text: string;
    try {
      response = await instance(route.path, {
        method: route.method,
        timeout: timeoutMs,
        ...(route.json === undefined ? {} : { json: route.json }),
        ...(route.searchParams === undefined ? {} : { searchParams: route.searchParams }),
        ...(requestOptions.signal === undefined ? {} : { signal: requestOptions.signal }),
      });
      text = await response.text();
    } catch (thrown) {
      throw await toClientError(thrown, failed);
    }
    try {
      return JSON.parse(text) as Body;
    } catch (cause) {
      throw new SrcClientError({
        code: CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
        message: `${options.baseUrl.replace(/\/$/, "")} answered ${failed.method} ${failed.path} with HTTP ${response.status} but not JSON; check that the URL is the src server's`,
        status: response.status,
        request: `${failed.method} ${failed.path}`,
        cause,
      });
    }
  };
  return { send, ky: instance };
}
