import { TreeInterpreter, type JSONValue } from "@jmespath-community/jmespath";
import type { CompiledSelect } from "./compile-select";

/** What applying `select` to a body gave: the selected value, or why it could not be applied. */
export type SelectOutcome = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Applies a compiled `select` to a parsed JSON body. Never throws: an
 * expression that fails on this body (a function given the wrong type) is an
 * outcome with the library's message. `null` is what JMESPath gives for a
 * field the body does not have.
 */
export function applySelect(select: CompiledSelect, value: unknown): SelectOutcome {
  try {
    return { ok: true, value: TreeInterpreter.search(select.tree, value as JSONValue) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${message}${hyphenHintOf(select.expression)}` };
  }
}

/**
 * A name with `-` outside quotes (`weird-key`) is a subtraction in JMESPath Community, which fails with "not-a-number"
 * on text: the hint says to quote it. Nothing for an expression without such a name.
 */
function hyphenHintOf(expression: string): string {
  const name = /(?<![\w"'`-])([A-Za-z_]\w*(?:-[A-Za-z_]\w*)+)(?![\w"'`])/.exec(expression)?.[1];
  if (name === undefined) return "";
  return `; ${name} reads as a subtraction (JMESPath's "-"): quote a field name that holds "-", as in ${JSON.stringify(expression.replace(name, `"${name}"`))}`;
}
