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
    const selected = TreeInterpreter.search(select.tree, value as JSONValue);
    // A selection holds its parts by reference: `[@,@]` is two references to one body, and written out it is twice
    // the body. Past the limit it is refused before anything writes it out.
    const size = jsonSizeOf(selected, maxSelectedChars);
    if (size > maxSelectedChars)
      return {
        ok: false,
        message: `the selection would be more than ${maxSelectedChars.toLocaleString("en-US")} characters of JSON (it repeats parts of the body); select the parts you need once each`,
      };
    return { ok: true, value: selected };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `${message}${hyphenHintOf(select.expression)}` };
  }
}

/** The most characters of JSON a selection may hold, before the result is bounded to what the agent is handed. */
export const maxSelectedChars = 32 * 1024 * 1024;

/**
 * About how many characters `value` is as JSON (strings without their escapes), counting a value held twice twice, in
 * time linear in the distinct values: each object's size is remembered. Stops counting once past `limit`.
 */
function jsonSizeOf(value: unknown, limit: number, sizes = new Map<object, number>()): number {
  if (value === null || typeof value !== "object") {
    if (typeof value === "string") return value.length + 2;
    return typeof value === "number" || typeof value === "boolean" ? String(value).length : 4;
  }
  const known = sizes.get(value);
  if (known !== undefined) return known;
  let size = 2;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) {
      size += jsonSizeOf(item, limit, sizes) + 1;
      if (size > limit) break;
    }
  } else {
    for (const [key, item] of Object.entries(value)) {
      size += key.length + 4 + jsonSizeOf(item, limit, sizes);
      if (size > limit) break;
    }
  }
  sizes.set(value, size);
  return size;
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
