import { classifyNetworkError, type ClassifiedError } from "./classify-network-error";
import { readLimitedBody, type LimitedBody } from "./read-limited-body";
import { isRedirectStatus } from "./redirect-policy";
import { hostOf } from "./host-of";
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
 * Sends one request with Node's fetch (redirects manual) and reads its body.
 * One time-out budget covers both: a single timer aborts the attempt's signal
 * `timeoutMs` after it started, whether the headers or the body are late.
 * The caller's signal, when given, aborts the same controller.
 */
export async function sendAttempt(hop: Hop, settings: AttemptSettings): Promise<AttemptOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  const caller = settings.signal;
  const onCallerAbort = (): void => controller.abort();
  if (caller !== undefined) {
    if (caller.aborted) controller.abort();
    else caller.addEventListener("abort", onCallerAbort, { once: true });
  }
  let response: Response | undefined;
  try {
    response = await settings.fetch(hop.url, { method: hop.method, headers: hop.headers, body: hop.body, signal: controller.signal, redirect: "manual" });
    if (isRedirectStatus(response.status) || !settings.readBody(response)) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: "response", response, body: emptyBody };
    }
    const body = await readLimitedBody(response, settings.maxResponseBytes);
    return { kind: "response", response, body };
  } catch (error) {
    const target = hostOf(hop.url);
    if (timedOut) {
      const phase = response === undefined ? "did not send response headers" : "did not finish sending the response body";
      return {
        kind: "failure",
        error: { code: TOOL_ERROR_CODES.TIMEOUT, message: `${target} ${phase} within ${settings.timeoutMs} ms (api.timeoutMs); try again later or ask for less data`, retryable: true },
        ...(response === undefined ? {} : { response }),
      };
    }
    if (caller?.aborted === true) {
      return { kind: "failure", error: { code: TOOL_ERROR_CODES.NETWORK, message: `the call to ${target} was cancelled by the caller`, retryable: true } };
    }
    return { kind: "failure", error: classifyNetworkError(error, target), ...(response === undefined ? {} : { response }) };
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onCallerAbort);
  }
}
