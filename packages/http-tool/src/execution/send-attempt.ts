import type { LookupFunction } from "node:net";
import type { AttemptResponse, PendingAttempt } from "../transport/attempt-response";
import { classifyNetworkError, type ClassifiedError } from "../transport/classify-network-error";
import type { NodeHttpAgents } from "../transport/node-http-agents";
import type { Hop } from "../transport/hop";
import type { LimitedBody } from "../transport/limited-body";
import { isRedirectStatus } from "./redirect-policy";
import { hostOf } from "../transport/host-of";
import { sendWithFetch } from "../transport/send-with-fetch";
import { sendWithNodeHttp } from "../transport/send-with-node-http";
import { findServiceControlledHeader, serviceControlledHeaderReason } from "@src/auth";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";

/** What one attempt produced: a response (body read unless it is a redirect), or a failure. */
export type AttemptOutcome =
  | { kind: "response"; response: AttemptResponse; body: LimitedBody }
  | { kind: "failure"; error: ClassifiedError; response?: AttemptResponse };

/** What one attempt needs. */
export interface AttemptSettings {
  /** A caller's fetch: when given it carries the request, otherwise node:http does. */
  fetch: typeof fetch | undefined;
  /** Agents and lookup of the node:http transport. */
  agents: NodeHttpAgents | undefined;
  lookup: LookupFunction | undefined;
  timeoutMs: number;
  maxResponseBytes: number;
  /** The caller's signal; aborting it cancels the attempt. */
  signal: AbortSignal | undefined;
  /** When false the body of a retryable status is not read (it is about to be retried). */
  readBody: (response: AttemptResponse) => boolean;
  /** `api.propagateTrace`: each attempt carries the W3C trace context to the API (when tracing is on). */
  propagateTrace: boolean;
}

const emptyBody: LimitedBody = { bytes: new Uint8Array(0), cut: false };

function send(hop: Hop, settings: AttemptSettings): PendingAttempt {
  if (settings.fetch !== undefined) return sendWithFetch(hop, settings.fetch);
  return sendWithNodeHttp(hop, { agents: settings.agents, lookup: settings.lookup });
}

/**
 * Sends one request (node:http by default, the caller's fetch when given) and
 * reads its body. One time-out budget covers both: a single timer aborts the
 * attempt `timeoutMs` after it started, whether the headers or the body are
 * late. The caller's signal, when given, aborts it too.
 */
export async function sendAttempt(hop: Hop, settings: AttemptSettings): Promise<AttemptOutcome> {
  const caller = settings.signal;
  if (isAborted(caller)) return cancelled(hop);
  const reserved = findServiceControlledHeader(Object.keys(hop.headers));
  if (reserved !== undefined) return refused(reserved);
  const pending = send(hop, settings);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    pending.abort();
  }, settings.timeoutMs);
  // Only with a caller's signal: no listener (nor closure) otherwise.
  const onCallerAbort = caller === undefined ? undefined : (): void => pending.abort();
  if (onCallerAbort !== undefined) caller?.addEventListener("abort", onCallerAbort, { once: true });
  let response: AttemptResponse | undefined;
  try {
    response = await pending.response;
    if (isRedirectStatus(response.status) || !settings.readBody(response)) {
      response.cancel();
      return { kind: "response", response, body: emptyBody };
    }
    const body = await response.read(settings.maxResponseBytes);
    return { kind: "response", response, body };
  } catch (error) {
    const target = hostOf(hop.url);
    if (timedOut) {
      const phase =
        response === undefined ? "did not send response headers" : "did not finish sending the response body";
      return {
        kind: "failure",
        error: {
          code: TOOL_ERROR_CODES.TIMEOUT,
          message: `${target} ${phase} within ${settings.timeoutMs} ms (api.timeoutMs); try again later or ask for less data`,
          retryable: true,
        },
        ...(response === undefined ? {} : { response }),
      };
    }
    if (isAborted(caller)) return cancelled(hop);
    return {
      kind: "failure",
      error: classifyNetworkError(error, target),
      ...(response === undefined ? {} : { response }),
    };
  } finally {
    clearTimeout(timer);
    if (onCallerAbort !== undefined) caller?.removeEventListener("abort", onCallerAbort);
  }
}

const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

/** A hand-built request (not from `buildRequest`) carrying a header only the service may set: never sent. */
function refused(header: string): AttemptOutcome {
  const reason = serviceControlledHeaderReason(header) ?? "the service controls it";
  return {
    kind: "failure",
    error: {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `the request sets the header "${header}", which only the service may set (${reason}); it was not sent. Remove the header`,
      retryable: false,
    },
  };
}

function cancelled(hop: Hop): AttemptOutcome {
  return {
    kind: "failure",
    error: {
      code: TOOL_ERROR_CODES.NETWORK,
      message: `the call to ${hostOf(hop.url)} was cancelled by the caller`,
      retryable: true,
    },
  };
}
