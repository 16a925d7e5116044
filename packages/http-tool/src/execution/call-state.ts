import type { AttemptResponse } from "../transport/attempt-response";
import type { ExecutorLimits } from "./executor-limits";
import type { AttemptOutcome } from "./send-attempt";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";

/** Where one call stands: its time budget and the requests it has sent. */
export interface CallState {
  /** `performance.now()` when the call started. */
  started: number;
  /** `performance.now()` past which no attempt, hop or retry starts: `timeoutMs × (retries + 1)` after the start. */
  deadline: number;
  /** Requests sent, redirect hops included. */
  sent: number;
  retriesLeft: number;
  /** Retries used; `attempts` is 1 + this (redirect hops are not attempts). */
  retriesDone: number;
  /** Set when `deadline` is a walk's (`paginate`): its pages share one budget, and the message says so. */
  walk?: true | undefined;
}

export const attemptsOf = (state: CallState): number => (state.sent === 0 ? 0 : 1 + state.retriesDone);

/** The whole call's time budget: one `timeoutMs` per attempt it may make. */
export function callBudgetMs(limits: ExecutorLimits): number {
  return limits.timeoutMs * (limits.retries + 1);
}

/** The `TIMEOUT` failure of a call whose budget ran out, keeping the last response (status, headers) when there was one. */
export function budgetSpent(
  state: CallState,
  limits: ExecutorLimits,
  why: string,
  response?: AttemptResponse,
): AttemptOutcome {
  const elapsed = Math.round(performance.now() - state.started);
  const attempts = attemptsOf(state);
  const message =
    (state.walk === true
      ? `the pages used up the call's time budget of ${callBudgetMs(limits)} ms (api.timeoutMs × (api.retries + 1), shared by every page of a paginate walk); this page ran ${elapsed} ms, ${attempts} attempt(s)`
      : `the call used up its time budget of ${callBudgetMs(limits)} ms (api.timeoutMs × (api.retries + 1)) after ${elapsed} ms and ${attempts} attempt(s)`) +
    `${response === undefined ? "" : `, last status ${response.status}`}: ${why}; try again later or ask for less data`;
  return {
    kind: "failure",
    error: { code: TOOL_ERROR_CODES.TIMEOUT, message, retryable: true },
    ...(response === undefined ? {} : { response }),
  };
}
