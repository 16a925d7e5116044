import { compile, isRegistered, search, tokenize } from "@jmespath-community/jmespath";

/** The syntax tree the library compiles an expression to (its type is not exported by name). */
type ExpressionNode = ReturnType<typeof compile>;
import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { selectGrowthProblem } from "./select-growth";

/** Longest `select` expression accepted, in characters. */
export const maxSelectLength = 2000;

/** A checked `select` expression: its text (what the result's `selected` says) and its syntax tree. */
export interface CompiledSelect {
  readonly expression: string;
  readonly tree: ExpressionNode;
}

const invalid = (message: string): never => {
  throw new InvalidCallError({
    reason: INVALID_CALL_REASONS.INVALID_SELECT,
    field: "select",
    message: `invalid call: select: ${message}`,
  });
};

/**
 * Compiles the agent's `select` (JMESPath, the JMESPath Community dialect of
 * `@jmespath-community/jmespath`) before anything is sent. Throws
 * `InvalidCallError` (reason `INVALID_SELECT`) naming the character where the
 * expression breaks, or the unknown function it calls.
 */
export function compileSelect(expression: string): CompiledSelect {
  if (expression.trim() === "")
    invalid('is empty; give a JMESPath expression such as "items[].{id: id, title: title}", or leave select out');
  if (expression.length > maxSelectLength)
    invalid(`is ${expression.length} characters long; at most ${maxSelectLength} are accepted`);
  let tree: ExpressionNode;
  try {
    tree = compile(expression);
  } catch (error) {
    const position = breakingPosition(expression);
    const what = endsTooSoon(error)
      ? "the expression ends too soon"
      : error instanceof Error
        ? error.message.replace(/^Syntax error[:,]?\s*/i, "")
        : "not a JMESPath expression";
    return invalid(
      `${what} at character ${position + 1} of ${JSON.stringify(expression)} (${pointAt(expression, position)}); see https://jmespath.site for the syntax, e.g. "items[].{id: id, title: title}"`,
    );
  }
  const unknown = unknownFunctionOf(tree);
  if (unknown !== undefined) {
    invalid(
      `unknown function ${unknown}() in ${JSON.stringify(expression)}; JMESPath has length, keys, sort_by, join, contains, starts_with, to_string and others (https://jmespath.site)`,
    );
  }
  const growth = selectGrowthProblem(tree);
  if (growth !== undefined) invalid(`${growth}, in ${JSON.stringify(expression)}`);
  const arity = arityProblemOf(tree);
  if (arity !== undefined)
    invalid(`${arity} in ${JSON.stringify(expression)}; see https://jmespath.site for each function's arguments`);
  return { expression, tree };
}

/** The expression with a marker before the character at `position`: `items[?` → `items[? ⟨here⟩`. */
function pointAt(expression: string, position: number): string {
  const start = Math.max(0, position - 20);
  return `${start > 0 ? "…" : ""}${expression.slice(start, position)}⟨here⟩${expression.slice(position, position + 20)}`;
}

/**
 * Where an expression that does not compile breaks, 0-based. The library's
 * errors name a token but no position: the lexer's by the longest prefix that
 * still tokenizes, the parser's by the first token whose prefix fails for
 * another reason than ending too soon.
 */
function breakingPosition(expression: string): number {
  let tokens: { start: number }[];
  try {
    tokens = tokenize(expression);
  } catch {
    let low = 0;
    let high = expression.length;
    // The longest prefix that tokenizes: the character after it is where the lexer stops.
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (tokenizes(expression.slice(0, middle))) low = middle;
      else high = middle - 1;
    }
    return Math.min(low, expression.length - 1);
  }
  for (let index = 0; index < tokens.length; index += 1) {
    const end = index + 1 < tokens.length ? (tokens[index + 1]?.start ?? expression.length) : expression.length;
    try {
      compile(expression.slice(0, end));
    } catch (error) {
      if (!endsTooSoon(error)) return tokens[index]?.start ?? 0;
    }
  }
  return expression.length;
}

function tokenizes(text: string): boolean {
  try {
    tokenize(text);
    return true;
  } catch {
    return false;
  }
}

/** True for the parser's complaint about reaching the end of the expression (the prefix is incomplete, not wrong). */
function endsTooSoon(error: unknown): boolean {
  return error instanceof Error && /\bEOF\b/.test(error.message);
}

/** The first function the tree calls that the library does not know. */
function unknownFunctionOf(node: unknown): string | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  const record = node as { type?: unknown; name?: unknown };
  if (record.type === "Function" && typeof record.name === "string" && !isRegistered(record.name)) return record.name;
  for (const value of Object.values(node)) {
    const found = Array.isArray(value)
      ? value.map(unknownFunctionOf).find((name) => name !== undefined)
      : unknownFunctionOf(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The `Function` nodes of a tree: each call's name and how many arguments it is given. */
function functionCallsOf(
  node: unknown,
  calls: { name: string; count: number }[] = [],
): { name: string; count: number }[] {
  if (typeof node !== "object" || node === null) return calls;
  const record = node as { type?: unknown; name?: unknown; children?: unknown };
  if (record.type === "Function" && typeof record.name === "string")
    calls.push({ name: record.name, count: Array.isArray(record.children) ? record.children.length : 0 });
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) functionCallsOf(item, calls);
    else functionCallsOf(value, calls);
  }
  return calls;
}

/**
 * The library's complaint about the first call given the wrong number of
 * arguments (`length()`), or `undefined`. The library checks arity only when a
 * call runs, which a projection over an empty list never does, so each call is
 * run once on its own with `@` for every argument: arity is checked before the
 * arguments' types, and only an arity complaint counts.
 */
function arityProblemOf(tree: ExpressionNode): string | undefined {
  const probed = new Set<string>();
  for (const { name, count } of functionCallsOf(tree)) {
    const call = `${name}(${Array.from({ length: count }, () => "@").join(", ")})`;
    if (probed.has(call)) continue;
    probed.add(call);
    try {
      search(null, call);
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (/^Invalid arity:/i.test(message)) return message.replace(/^Invalid arity:\s*/i, "");
    }
  }
  return undefined;
}
