import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import type { ParsedToolCall } from "./tool-call";

type Query = NonNullable<ParsedToolCall["query"]>;

/**
 * Serializes the agent's `query`: keys in the given order, arrays as repeated
 * keys, `null`/`undefined` dropped, numbers and booleans stringified, names and
 * values encoded with `encodeURIComponent` (a space is `%20`). No leading `?`.
 */
export function encodeQuery(query: Query | undefined): string {
  if (query === undefined) return "";
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (name === "") {
      throw new InvalidCallError({
        reason: INVALID_CALL_REASONS.INVALID_INPUT,
        field: "query",
        message: "query: parameter names must not be empty",
      });
    }
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(item))}`);
    }
  }
  return pairs.join("&");
}
