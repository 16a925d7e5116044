import { boundBody } from "../result/bound-body";
import { redactorFor } from "../result/redactor-cache";
import type { WholeBody } from "../result/shape-result-body";
import type { ToolResult } from "../result/tool-result";
import { applySelect } from "../select/apply-select";
import type { CompiledSelect } from "../select/compile-select";

/** A result after `select` and bounding, and the whole body when it was cut (to keep for `resultRef`). */
export interface SelectedResult {
  result: ToolResult;
  whole?: WholeBody;
}

/**
 * Applies `select` to a result whose JSON body came back whole, redacts what
 * it gives once more (functions can join strings), records `selected`, then
 * bounds the body to `maxChars` as the executor would have. A body that is not
 * JSON, an answer that is not a 2xx (the API's error, shown whole), or a body
 * on which the expression fails, is bounded as it is, with a note.
 */
export function selectAndBound(
  result: ToolResult,
  { select, maxChars, secrets }: { select?: CompiledSelect | undefined; maxChars: number; secrets: readonly string[] },
): SelectedResult {
  const notes: string[] = [];
  if (select !== undefined) {
    if (!result.ok && result.status !== 0) {
      // The expression is written for the answer the agent wanted; an error's own body says what went wrong.
      if (result.body.kind !== "empty")
        notes.push(
          `select ${JSON.stringify(select.expression)} applies to a successful answer, and the API answered ${result.status}: its body is shown without select`,
        );
    } else if (result.body.kind === "json") {
      const outcome = applySelect(select, result.body.value);
      if (outcome.ok) {
        result.body = { kind: "json", value: redactorFor(secrets).redactDeep(outcome.value) };
        result.selected = select.expression;
      } else {
        notes.push(
          `select ${JSON.stringify(select.expression)} could not be applied to this body (${outcome.message}); the body is shown without it`,
        );
      }
    } else if (result.body.kind !== "empty" || result.ok) {
      notes.push(
        `select applies to JSON bodies, and this body is ${result.body.kind === "binary" ? `binary (${result.body.contentType})` : result.body.kind}: it is shown without select`,
      );
    }
  }
  const cutAtResponseLimit = result.truncated?.unit === "bytes";
  const bounded = boundBody(result.body, maxChars);
  result.body = bounded.body;
  // A body stopped at maxResponseBytes keeps its own note, and is not kept whole: its end was never read.
  if (bounded.truncated !== undefined && !cutAtResponseLimit) result.truncated = bounded.truncated;
  if (notes.length > 0)
    result.note = redactorFor(secrets).redactText(
      [result.note, ...notes].filter((note) => note !== undefined).join("; "),
    );
  return cutAtResponseLimit || bounded.whole === undefined ? { result } : { result, whole: bounded.whole };
}
