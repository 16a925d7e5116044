import { closest, distance } from "fastest-levenshtein";

/** The methods a `METHOD PATH` rule may name (or `*` for every one). */
export const POLICY_RULE_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type PolicyRuleMethod = (typeof POLICY_RULE_METHODS)[number];

/** The prefixes of the rules that name operations of the source's OpenAPI document. */
const documentPrefixes = ["operation", "tag"] as const;

/**
 * One rule of `api.policy`, parsed: `METHOD PATH` (method or `*`, a glob of the
 * path relative to `baseUrl`), `operation:GLOB` (an operationId) or
 * `tag:GLOB` (a tag of the operation), the globs for a matcher such as picomatch.
 */
export type PolicyRule =
  | { readonly kind: "route"; readonly text: string; readonly method: PolicyRuleMethod | "*"; readonly path: string }
  | { readonly kind: "operation"; readonly text: string; readonly pattern: string }
  | { readonly kind: "tag"; readonly text: string; readonly pattern: string };

/** A rule, or what is wrong with it and what to write instead. */
export type ParsedPolicyRule =
  { readonly ok: true; readonly rule: PolicyRule } | { readonly ok: false; readonly message: string };

const quote = (text: string): string => JSON.stringify(text);
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** The closest of `candidates` to `word`, when it is near enough to be a slip of the keyboard. */
function nearMiss(word: string, candidates: readonly string[]): string | undefined {
  const upper = word.toUpperCase();
  const best = closest(upper, [...candidates]);
  return distance(upper, best) <= Math.max(1, Math.floor(best.length / 3)) ? best : undefined;
}

function checkRulePath(path: string): string | undefined {
  if (!path.startsWith("/")) return `the path must start with "/" (relative to api.baseUrl), e.g. "/repos/**"`;
  if (/\s/.test(path) || controlCharacter.test(path)) return "the path must not contain spaces or control characters";
  if (path.includes("?") || path.includes("#"))
    return 'rules match the path only: remove the query string or fragment ("?..." / "#...")';
  if (path.includes("\\")) return 'the path must use "/" between segments, not backslashes';
  if (path.split("/").some((segment) => segment === "." || segment === ".."))
    return 'the path must not contain "." or ".." segments';
  return undefined;
}

/**
 * Parses one policy rule. A near miss (`GETT /x`, `operaton:x`, a path without
 * its method) is refused with the rule it probably meant.
 */
export function parsePolicyRule(text: string): ParsedPolicyRule {
  const trimmed = text.trim();
  if (trimmed === "")
    return {
      ok: false,
      message: 'is empty; write a rule such as "GET /repos/**", "operation:issues/*" or "tag:pulls"',
    };
  const colon = /^([A-Za-z]+):(.*)$/s.exec(trimmed);
  if (colon !== null && !trimmed.includes(" ")) {
    const prefix = colon[1]!.toLowerCase();
    const pattern = colon[2]!;
    const known = documentPrefixes.find((candidate) => candidate === prefix);
    if (known === undefined) {
      const guess = closest(prefix, [...documentPrefixes]);
      const near = distance(prefix, guess) <= 3 || guess.startsWith(prefix) || prefix.startsWith(guess);
      return {
        ok: false,
        message: `${quote(text)} is not a rule: ${near ? `did you mean ${quote(`${guess}:${pattern}`)}? ` : ""}write "METHOD /path", "operation:ID" or "tag:NAME"`,
      };
    }
    if (pattern === "" || controlCharacter.test(pattern))
      return {
        ok: false,
        message: `${quote(text)}: give the ${known === "operation" ? "operationId" : "tag"} after "${known}:", globs allowed (e.g. "${known}:${known === "operation" ? "issues/*" : "pulls"}")`,
      };
    if (colon[1] !== known)
      return { ok: false, message: `${quote(text)}: write the prefix in lower case, ${quote(`${known}:${pattern}`)}` };
    return { ok: true, rule: { kind: known, text: trimmed, pattern } };
  }
  const parts = trimmed.split(/\s+/);
  if (parts.length === 1) {
    const only = parts[0]!;
    if (only.startsWith("/"))
      return {
        ok: false,
        message: `${quote(text)} has no method: write ${quote(`* ${only}`)} for every method, or name one, e.g. ${quote(`GET ${only}`)}`,
      };
    return {
      ok: false,
      message: `${quote(text)} is not a rule: write "METHOD /path" (e.g. "GET /repos/**"), "operation:ID" or "tag:NAME"`,
    };
  }
  if (parts.length > 2)
    return {
      ok: false,
      message: `${quote(text)} has more than a method and a path; write one rule per entry, e.g. "GET /repos/**" (percent-encode a space in a path as %20)`,
    };
  const [methodText, path] = parts as [string, string];
  const upper = methodText.toUpperCase();
  const method = upper === "*" ? "*" : POLICY_RULE_METHODS.find((candidate) => candidate === upper);
  if (method === undefined) {
    const guess = nearMiss(methodText, POLICY_RULE_METHODS);
    return {
      ok: false,
      message: `${quote(text)}: ${quote(methodText)} is not a method${guess === undefined ? "" : `; did you mean ${quote(`${guess} ${path}`)}?`} Use ${POLICY_RULE_METHODS.join(", ")} or * for every method`,
    };
  }
  const pathProblem = checkRulePath(path);
  if (pathProblem !== undefined) return { ok: false, message: `${quote(text)}: ${pathProblem}` };
  return { ok: true, rule: { kind: "route", text: `${method} ${path}`, method, path } };
}
