import { INVALID_CALL_REASONS } from "./errors/invalid-call-reasons";
import { InvalidCallError } from "./errors/invalid-call-error";
import { toolCallSchema } from "./tool-call";
import type { ParsedToolCall } from "./tool-call";

/**
 * Parses what an agent sent to the HTTP tool. Throws `InvalidCallError` listing
 * every schema issue with its path.
 */
export function normalizeToolCall(input: unknown): ParsedToolCall {
  const result = toolCallSchema.safeParse(input);
  if (!result.success) {
    const onlyMethod = result.error.issues.every((issue) => issue.path.length === 1 && issue.path[0] === "method");
    const details = result.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "input"}: ${issue.message}`);
    throw new InvalidCallError({
      reason: onlyMethod ? INVALID_CALL_REASONS.INVALID_METHOD : INVALID_CALL_REASONS.INVALID_INPUT,
      field: String(result.error.issues[0]?.path.join(".") ?? "input"),
      message: `invalid call: ${details.join("; ")}`,
    });
  }
  return result.data;
}
