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
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
