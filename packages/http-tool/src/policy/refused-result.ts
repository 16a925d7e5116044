import { createFailureResult } from "../result/create-failure-result";
import type { ToolResult } from "../result/tool-result";
import type { PolicyRefusal } from "./check-hop";

/** The result of a call (or a next page) the policy refused: nothing was sent, the error names the rule. */
export function refusedResult(refusal: PolicyRefusal, call: unknown): ToolResult {
  const result = createFailureResult({
    code: refusal.code,
    message: refusal.message,
    retryable: refusal.retryable,
    call,
  });
  result.error = {
    ...result.error!,
    rule: refusal.rule,
    ...(refusal.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: refusal.retryAfterSeconds }),
  };
  return result;
}
