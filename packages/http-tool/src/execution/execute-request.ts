import { setTimeout as sleep } from "node:timers/promises";
import type { AttemptResponse } from "../transport/attempt-response";
import type { BuiltRequest } from "../request/built-request";
import type { ExecuteOptions } from "./execute-options";
import { resolveExecutorLimits, type ExecutorLimits } from "./executor-limits";
import { nextPathFromLink } from "../result/parse-link-header";
import type { Redactor } from "../result/redact-secrets";
import { redactorFor } from "../result/redactor-cache";
import { isRedirectStatus, maxRedirects, redirectedMethod, redirectTargetProblem } from "./redirect-policy";
import {
  computeRetryDelay,
  isIdempotentMethod,
  isRetryableStatus,
  normalizeRetryDelayOptions,
  type RetryDelayOptions,
} from "./retry-policy";
import type { AttemptOutcome, AttemptSettings } from "./send-attempt";
import { traceAttempt } from "../telemetry/trace-attempt";
import type { Hop } from "../transport/hop";
import { selectHeaders } from "../result/select-headers";
import { shapeResultBody, type WholeBody } from "../result/shape-result-body";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import { followRedirect } from "./follow-redirect";
import { attemptsOf, budgetSpent, callBudgetMs, type CallState } from "./call-state";
import { hostOf } from "../transport/host-of";
import { undecodableCoding } from "../transport/content-decoding";
import { baseUrlFor } from "../request/base-url-cache";
import { AuthorizeError } from "@src/auth";
import { reauthorizeHop } from "./reauthorize-hop";
import { proxyRouteFor } from "../transport/proxy-route";

export type { ExecuteOptions } from "./execute-options";

/**
 * Sends a built request and returns what the agent sees. Retries idempotent
 * methods on failures marked `retryable` (refused, reset, time-out,
 * `EAI_AGAIN`) and on 408/429/500/502/503/504, follows up to 5 redirects
 * that stay on the source's origin and base path (attaching the credential
 * again through `options.authorizeHop`, as before every retry), sends once more
 * when `options.onRejected` asks after a rejected request (a 401; counted in
 * `attempts`, never a loop), reads at most `maxResponseBytes`,
 * bounds the body to `maxResultChars`, and redacts every secret form. Never
 * throws: every failure is a result with `error`.
 */
export async function executeRequest(request: BuiltRequest, options: ExecuteOptions): Promise<ToolResult> {
  const started = performance.now();
  // An auth plugin may register secrets while the call runs (a refreshed token): the redactor is renewed after each step.
  let redactor = redactorFor(request.secrets);
  let rejectionAnswered = false;
  const limits = resolveExecutorLimits(options.source.api, options.limits);
  const ownDeadline = started + callBudgetMs(limits);
  const walk = options.walkDeadline !== undefined && options.walkDeadline < ownDeadline;
  const deadline = walk ? options.walkDeadline! : ownDeadline;
  const state: CallState = {
    started,
    deadline,
    ...(walk ? { walk: true as const } : {}),
    sent: 0,
    retriesLeft: isIdempotentMethod(request.method) ? limits.retries : 0,
    retriesDone: 0,
  };
  const current: { hop: Hop } = {
    hop: { method: request.method, url: request.url, headers: request.headers, body: request.body },
  };
  const followed: string[] = [];
  try {
    const baseUrl = baseUrlFor(options.source.api.baseUrl);
    const settings = attemptSettings(options, limits, state);
    // Injected agents or fetch decide for themselves; otherwise HTTPS_PROXY, HTTP_PROXY, NO_PROXY and api.proxy do.
    if (options.fetch === undefined && options.agents === undefined) {
      const route = proxyRouteFor(options.source.api);
      if (route.kind === "refused") throw new Error(route.message);
      settings.agents = route.agents;
    }
    for (;;) {
      const outcome = await sendWithRetries(current, options, limits, state, settings);
      const hop = current.hop;
      const rejection = options.onRejected;
      if (
        rejection !== undefined &&
        !rejectionAnswered &&
        outcome.kind === "response" &&
        rejection.statuses.includes(outcome.response.status) &&
        performance.now() < state.deadline &&
        options.signal?.aborted !== true
      ) {
        // One retry at most for the whole call: a second rejection is the result.
        rejectionAnswered = true;
        const headers = new Headers();
        outcome.response.headers.forEach((value, name) => headers.append(name, value));
        const rejected = {
          method: hop.method,
          url: new URL(hop.url),
          headers: new Headers(hop.headers),
          body: hop.body,
          attempt: attemptsOf(state),
          signal: options.signal,
        };
        if (await rejection.retry({ status: outcome.response.status, headers, hop: rejected })) {
          state.retriesDone += 1;
          current.hop = await reauthorizeHop(hop, options.authorizeHop, attemptsOf(state), options.signal);
          continue;
        }
      }
      redactor = redactorFor(request.secrets);
      const context: ResultContext = {
        started,
        state,
        limits,
        redactor,
        baseUrl,
        followed,
        extra: noExtra,
        requestNote: request.note,
        onBodyCut: options.onBodyCut,
      };
      if (outcome.kind === "failure") return toResult(outcome, hop, context);
      const { response } = outcome;
      const location = isRedirectStatus(response.status) ? response.headers.get("location") : null;
      if (location === null) return toResult(outcome, hop, context);
      const target = new URL(location, hop.url);
      const shownTarget = redactor.redactText(target.href);
      if (followed.length >= maxRedirects) {
        context.extra = blocked(
          `more than ${maxRedirects} redirects (last to ${shownTarget}); the API may be in a redirect loop`,
        );
        return toResult(outcome, hop, context);
      }
      const problem = redirectTargetProblem(target, baseUrl, {
        allowAmbiguousEncodings: options.source.api.allowAmbiguousPathEncodings === true,
      });
      if (problem !== undefined) {
        context.extra = blocked(
          redactor.redactText(
            `redirect to ${target.href} not followed: ${problem}, and the credential is never sent elsewhere`,
          ),
        );
        return toResult(outcome, hop, context);
      }
      if (options.checkHop !== undefined) {
        const refusal = await options.checkHop({
          method: redirectedMethod(response.status, hop.method, hop.body).method,
          url: target,
          kind: "redirect",
        });
        if (refusal !== undefined) {
          context.extra = {
            error: {
              code: refusal.code,
              message: redactor.redactText(refusal.message),
              retryable: refusal.retryable,
              rule: refusal.rule,
            },
          };
          return toResult(outcome, hop, context);
        }
      }
      followed.push(redactor.redactText(hop.url));
      current.hop = await followRedirect(hop, response.status, target, options.authorizeHop, {
        attempt: attemptsOf(state),
        signal: options.signal,
      });
      if (!isIdempotentMethod(current.hop.method)) state.retriesLeft = 0;
    }
  } catch (error) {
    redactor = redactorFor(request.secrets);
    const hop = current.hop;
    const authFailure = AuthorizeError.isInstance(error);
    const message = authFailure
      ? `${error.message}; ${error.hint}`
      : error instanceof Error
        ? error.message
        : String(error);
    return {
      ok: false,
      status: 0,
      statusText: "",
      durationMs: Math.round(performance.now() - started),
      attempts: attemptsOf(state),
      headers: {},
      body: { kind: "empty" },
      request: { method: hop.method, url: redactor.redactText(hop.url) },
      error: authFailure
        ? {
            code: TOOL_ERROR_CODES.AUTH_FAILED,
            message: redactor.redactText(`the source's credential could not be attached: ${message}`),
            retryable: error.retryable,
          }
        : {
            code: TOOL_ERROR_CODES.NETWORK,
            message: redactor.redactText(`the request could not be completed: ${message}`),
            retryable: false,
          },
    };
  }
}

/** No note or error to add: shared, never changed (a result that adds one gets its own object). */
const noExtra: Readonly<Partial<ToolResult>> = Object.freeze({});

function blocked(message: string): Partial<ToolResult> {
  // The message is said once, in error; a note repeating it would show it twice to the agent and the operator.
  return { error: { code: TOOL_ERROR_CODES.REDIRECT_BLOCKED, message, retryable: false } };
}

/** The settings of every attempt of one call; `timeoutMs` is set before each attempt (what is left of the budget). */
function attemptSettings(options: ExecuteOptions, limits: ExecutorLimits, state: CallState): AttemptSettings {
  return {
    fetch: options.fetch,
    agents: options.agents,
    lookup: options.lookup,
    timeoutMs: limits.timeoutMs,
    maxResponseBytes: limits.maxResponseBytes,
    signal: options.signal,
    readBody: (response: AttemptResponse) => !(state.retriesLeft > 0 && isRetryableStatus(response.status)),
    propagateTrace: options.source.api.propagateTrace === true,
  };
}

async function sendWithRetries(
  current: { hop: Hop },
  options: ExecuteOptions,
  limits: ExecutorLimits,
  state: CallState,
  settings: AttemptSettings,
): Promise<AttemptOutcome> {
  let retryDelay: Required<RetryDelayOptions> | undefined;
  for (;;) {
    const hop = current.hop;
    // The first request always gets a whole timeoutMs (the budget holds at least one); later ones what is left of it.
    // A page of a walk gets what is left of the walk's budget, its first request too.
    const remaining =
      state.sent === 0 && state.walk !== true ? limits.timeoutMs : Math.floor(state.deadline - performance.now());
    if (remaining <= 0) return budgetSpent(state, limits, "no time was left for the next request");
    // A call cancelled before this request sends nothing, so it is not an attempt.
    if (options.signal?.aborted !== true) state.sent += 1;
    // Attempts run one after another, so the one settings object is updated in place instead of copied per attempt.
    settings.timeoutMs = Math.min(limits.timeoutMs, remaining);
    const outcome = await traceAttempt(hop, settings, state.sent - 1);
    if (outcome.kind === "failure" && outcome.error.code === TOOL_ERROR_CODES.TIMEOUT && remaining < limits.timeoutMs) {
      return budgetSpent(
        state,
        limits,
        `${hostOf(hop.url)} did not answer within the ${remaining} ms left`,
        outcome.response,
      );
    }
    const retry =
      state.retriesLeft > 0 &&
      (outcome.kind === "failure"
        ? outcome.error.retryable && options.signal?.aborted !== true
        : isRetryableStatus(outcome.response.status));
    if (!retry) return outcome;
    state.retriesLeft -= 1;
    state.retriesDone += 1;
    const retryAfter = outcome.kind === "response" ? outcome.response.headers.get("retry-after") : null;
    retryDelay ??= normalizeRetryDelayOptions(options.retryDelay);
    const delay = computeRetryDelay(state.retriesDone, retryAfter, retryDelay);
    if (performance.now() + delay >= state.deadline) {
      state.retriesDone -= 1;
      const asked =
        retryAfter === null
          ? `the next retry would start after ${Math.round(delay)} ms of backoff`
          : `the API asked to retry after ${retryAfter} s (Retry-After)`;
      return budgetSpent(state, limits, `${asked}, past the budget, so it was not made`, outcome.response);
    }
    try {
      await sleep(delay, undefined, options.signal === undefined ? undefined : { signal: options.signal });
    } catch {
      return outcome;
    }
    // Each attempt is authorized for itself (a signing plugin signs the time anew).
    current.hop = await reauthorizeHop(hop, options.authorizeHop, attemptsOf(state), options.signal);
  }
}

interface ResultContext {
  started: number;
  state: CallState;
  limits: ExecutorLimits;
  redactor: Redactor;
  baseUrl: URL;
  followed: readonly string[];
  extra: Readonly<Partial<ToolResult>>;
  /** How the call was read, from the builder (a JSON body sent as a string). */
  requestNote: string | undefined;
  onBodyCut: ((whole: WholeBody) => void) | undefined;
}

function toResult(outcome: AttemptOutcome, hop: Hop, context: ResultContext): ToolResult {
  const { redactor, limits } = context;
  const response = outcome.response;
  const notes: string[] = [];
  if (context.requestNote !== undefined) notes.push(context.requestNote);
  if (context.followed.length > 0)
    notes.push(`followed ${context.followed.length} redirect(s) from ${context.followed[0]}`);
  const result: ToolResult = {
    ok: outcome.kind === "response" && response !== undefined && response.status >= 200 && response.status < 300,
    status: response?.status ?? 0,
    statusText: redactor.redactText(response?.statusText ?? ""),
    durationMs: 0,
    attempts: attemptsOf(context.state),
    headers: response === undefined ? {} : selectHeaders(response.headers, redactor),
    body: { kind: "empty" },
    request: { method: hop.method, url: redactor.redactText(hop.url) },
  };
  if (outcome.kind === "failure") {
    result.error = { ...outcome.error, message: redactor.redactText(outcome.error.message) };
  } else if (response !== undefined) {
    const declared = response.headers.get("content-length");
    const undecoded = undecodableCoding(response.headers.get("content-encoding"));
    if (undecoded !== undefined && outcome.body.bytes.byteLength > 0) {
      notes.push(
        `Content-Encoding "${redactor.redactText(undecoded)}" cannot be decoded (gzip, deflate and br can): only the body's type and size are shown; ask the API for another encoding`,
      );
    }
    const shaped = shapeResultBody({
      encoded: undecoded !== undefined,
      bytes: outcome.body.bytes,
      contentType: response.headers.get("content-type"),
      cut: outcome.body.cut,
      declaredLength: declared === null || !/^\d+$/.test(declared) ? null : Number(declared),
      maxResultChars: limits.maxResultChars,
      redactor,
      onCut: context.onBodyCut,
    });
    result.body = shaped.body;
    if (shaped.truncated !== undefined) result.truncated = shaped.truncated;
    if (shaped.note !== undefined) notes.push(shaped.note);
    if (outcome.body.cut) {
      result.ok = false;
      result.error = {
        code: TOOL_ERROR_CODES.RESPONSE_TOO_LARGE,
        message: `the response is larger than ${limits.maxResponseBytes} bytes (api.maxResponseBytes); only its beginning was read. Ask for less (pagination, filters, a smaller page size)`,
        retryable: false,
      };
    }
    const link = response.headers.get("link");
    const nextPath =
      link === null
        ? undefined
        : nextPathFromLink(link, hop.url, context.baseUrl, (value) => redactor.redactText(value) !== value);
    if (nextPath !== undefined) result.nextPath = redactor.redactText(nextPath);
  }
  if (context.extra.note !== undefined) notes.push(context.extra.note);
  if (context.extra.error !== undefined) {
    result.ok = false;
    result.error = context.extra.error;
  }
  // Notes quote the upstream (redirect targets, codings, charsets): redacted once more as a whole.
  if (notes.length > 0) result.note = redactor.redactText(notes.join("; "));
  result.durationMs = Math.round(performance.now() - context.started);
  return result;
}
