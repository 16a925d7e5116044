import picomatch from "picomatch";
import { parsePolicyRule, type ApiPolicy, type PolicyRule, type RateLimit } from "@src/config";
import type { IndexedOperation } from "@src/openapi";
import { LRUCache } from "lru-cache";

/** What a rule is matched against: the method and the readings of the path, and the operations they reach. */
export interface PolicyCall {
  /** Upper case. */
  readonly method: string;
  /** The canonical reading (allow rules). */
  readonly canonical: string;
  /** Every reading (deny and confirm rules). */
  readonly readings: readonly string[];
  /** The operation the canonical reading reaches, when the policy has document rules and the source a document. */
  readonly operation: () => IndexedOperation | undefined;
  /** The operations any reading reaches in any letter case. */
  readonly anyOperations: () => readonly IndexedOperation[];
}

/** A compiled rule: its text as written in the policy, and whether it matches a call. */
export interface CompiledRule {
  readonly text: string;
  readonly kind: PolicyRule["kind"];
  matches(call: PolicyCall): boolean;
  /** An `operation:` or `tag:` rule: whether it names this operation of the document, matched as `matches` does. */
  readonly namesOperation?: ((operation: IndexedOperation) => boolean) | undefined;
}

/** A source's policy, compiled once per version of `api.policy`. */
export interface CompiledPolicy {
  readonly readOnly: boolean;
  /** `undefined`: no allow list (everything not denied is allowed). */
  readonly allow: readonly CompiledRule[] | undefined;
  readonly deny: readonly CompiledRule[];
  readonly confirm: readonly CompiledRule[];
  readonly rateLimit: RateLimit | undefined;
  readonly split: boolean;
  /** Whether a rule names operations or tags (the call's operation is then looked up). */
  readonly usesDocument: boolean;
  /** Whether a deny or confirm rule names operations or tags: without the document they could not refuse, so the call is refused. */
  readonly refusesWithoutDocument: boolean;
  /** Nothing to check at all: no mode, no rules, no rate limit. */
  readonly empty: boolean;
}

/** GET rules cover HEAD: reading a resource's headers is reading it. */
const methodMatches = (ruleMethod: string, method: string): boolean =>
  ruleMethod === "*" || ruleMethod === method || (ruleMethod === "GET" && method === "HEAD");

/** How a list's rules read a call: `strict` (allow: the canonical path, letter case as written) or `wide` (deny, confirm: any reading, any case). */
type Reading = "strict" | "wide";

function compileRule(rule: PolicyRule, reading: Reading): CompiledRule {
  const wide = reading === "wide";
  const options = { dot: true, nocase: wide };
  if (rule.kind === "route") {
    const matchPath = picomatch(rule.path, options);
    return {
      text: rule.text,
      kind: rule.kind,
      matches: (call) =>
        methodMatches(rule.method, call.method) &&
        (wide ? call.readings.some((path) => matchPath(path)) : matchPath(call.canonical)),
    };
  }
  const matchName = picomatch(rule.pattern, options);
  // Whether the rule names an operation depends on the operation alone: decided once per operation of the document.
  const verdicts = new WeakMap<IndexedOperation, boolean>();
  const namesOperation = (operation: IndexedOperation): boolean => {
    let verdict = verdicts.get(operation);
    if (verdict === undefined) {
      verdict =
        rule.kind === "operation" ? matchName(operation.operationId) : operation.tags.some((tag) => matchName(tag));
      verdicts.set(operation, verdict);
    }
    return verdict;
  };
  return {
    text: rule.text,
    kind: rule.kind,
    namesOperation,
    matches: (call) => {
      if (!wide) {
        const operation = call.operation();
        return operation !== undefined && namesOperation(operation);
      }
      return call.anyOperations().some(namesOperation);
    },
  };
}

function compileList(rules: readonly string[] | undefined, reading: Reading): CompiledRule[] {
  const compiled: CompiledRule[] = [];
  for (const text of rules ?? []) {
    const parsed = parsePolicyRule(text);
    // The record was checked when it was read; should a rule not parse all the same, it fails closed: a deny or
    // confirm rule matches every call, an allow rule none.
    if (parsed.ok) compiled.push(compileRule(parsed.rule, reading));
    else compiled.push({ text, kind: "route", matches: () => reading === "wide" });
  }
  return compiled;
}

const noPolicy: CompiledPolicy = Object.freeze({
  readOnly: false,
  allow: undefined,
  deny: [],
  confirm: [],
  rateLimit: undefined,
  split: false,
  usesDocument: false,
  refusesWithoutDocument: false,
  empty: true,
});

function compile(policy: ApiPolicy): CompiledPolicy {
  const allow = policy.allow === undefined ? undefined : compileList(policy.allow, "strict");
  const deny = compileList(policy.deny, "wide");
  const confirm = compileList(policy.confirm, "wide");
  const documentRule = (rule: CompiledRule): boolean => rule.kind !== "route";
  const readOnly = policy.mode === "read-only";
  return {
    readOnly,
    allow,
    deny,
    confirm,
    rateLimit: policy.rateLimit,
    split: policy.tools === "split",
    usesDocument: [...(allow ?? []), ...deny, ...confirm].some(documentRule),
    refusesWithoutDocument: [...deny, ...confirm].some(documentRule),
    empty:
      !readOnly &&
      allow === undefined &&
      deny.length === 0 &&
      confirm.length === 0 &&
      policy.rateLimit === undefined &&
      policy.tools !== "split",
  };
}

/** Compiled policies by record object (records are frozen and reused while unchanged), then by their JSON. */
const byObject = new WeakMap<object, CompiledPolicy>();
const byText = new LRUCache<string, CompiledPolicy>({ max: 256 });

/** The compiled form of `api.policy` (no policy: nothing to check). Cached, so a call pays for compiling only when the policy changed. */
export function compilePolicy(policy: ApiPolicy | undefined): CompiledPolicy {
  if (policy === undefined) return noPolicy;
  const known = byObject.get(policy);
  if (known !== undefined) return known;
  const text = JSON.stringify(policy);
  let compiled = byText.get(text);
  if (compiled === undefined) {
    compiled = compile(policy);
    byText.set(text, compiled);
  }
  byObject.set(policy, compiled);
  return compiled;
}
