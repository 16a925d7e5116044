import ky, { TimeoutError } from "ky";
import { classifyNetworkError, type ClassifiedError } from "./classify-network-error";
import { BodyTimeoutError, readLimitedBody, type LimitedBody } from "./read-limited-body";
import { isRedirectStatus } from "./redirect-policy";
import { TOOL_ERROR_CODES } from "./tool-error-codes";

/** One request as sent on one hop. */
export interface Hop {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** What one attempt produced: a response (body read unless it is a redirect), or a failure. */
export type AttemptOutcome =
  | { kind: "response"; response: Response; body: LimitedBody }
  | { kind: "failure"; error: ClassifiedError; response?: Response };

/** What one attempt needs. */
export interface AttemptSettings {
  fetch: typeof fetch;
  timeoutMs: number;
  maxResponseBytes: number;
  /** The caller's signal; aborting it cancels the attempt. */
  signal: AbortSignal | undefined;
  /** When false the body of a retryable status is not read (it is about to be retried). */
  readBody: (response: Response) => boolean;
}

const emptyBody: LimitedBody = { bytes: new Uint8Array(0), cut: false };

/**
 * Sends one request through ky (no ky retries, redirects manual, no HTTP
 * errors thrown) and reads its body. One time-out budget covers both: ky's
 * `timeout` until the headers arrive, then what is left of it for the body.
 */
export async function sendAttempt(hop: Hop, settings: AttemptSettings): Promise<AttemptOutcome> {
  const started = performance.now();
  const target = hostOf(hop.url);
  let response: Response | undefined;
  try {
    response = await ky(hop.url, {
      method: hop.method,
      headers: hop.headers,
      body: hop.body,
      signal: settings.signal,
      redirect: "manual",
      throwHttpErrors: false,
      retry: 0,
      timeout: settings.timeoutMs,
      fetch: settings.fetch,
    });
    if (isRedirectStatus(response.status) || !settings.readBody(response)) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "response", response, body: emptyBody };
    }
    const remainingMs = Math.max(1, settings.timeoutMs - (performance.now() - started));
    const body = await readLimitedBody(response.body, settings.maxResponseBytes, remainingMs);
    return { kind: "response", response, body };
  } catch (error) {
    if (error instanceof TimeoutError || BodyTimeoutError.isBodyTimeout(error)) {
      const phase = response === undefined ? "did not send response headers" : "did not finish sending the response body";
      return {
        kind: "failure",
        error: { code: TOOL_ERROR_CODES.TIMEOUT, message: `${target} ${phase} within ${settings.timeoutMs} ms (api.timeoutMs); try again later or ask for less data`, retryable: true },
        ...(response === undefined ? {} : { response }),
      };
    }
    if (settings.signal?.aborted === true) {
      return { kind: "failure", error: { code: TOOL_ERROR_CODES.NETWORK, message: `the call to ${target} was cancelled by the caller`, retryable: true } };
    }
    return { kind: "failure", error: classifyNetworkError(error, target), ...(response === undefined ? {} : { response }) };
  }
}

/** `host:port` of a URL, for messages. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
