import type { CompiledPolicy, PolicyCall } from "./compile-policy";
import { READ_METHODS, type TokenPolicy, type ToolAccess } from "./policy-narrowing";

/** What the policy says of one request: refused (and by what), or allowed (after a person's confirmation when a confirm rule matched). */
export type PolicyDecision =
  | { readonly allowed: true; readonly confirmRule: string | undefined }
  | { readonly allowed: false; readonly rule: string; readonly why: string };

/** Who names the tools in a refusal. */
export interface EvaluationContext {
  readonly token: TokenPolicy | undefined;
  readonly access: ToolAccess;
  /** `api_<slug>` and `api_<slug>_write`, for the split tools' refusals (made only when a refusal names them). */
  readonly toolNames: () => { read: string; write: string };
  /** Whether the source has a loaded OpenAPI document to read operations from. */
  readonly hasDocument: boolean;
}

/**
 * The policy's verdict on one request, in the issue's order: read-only (the
 * source's or the token's) and the split tools' methods first, then deny
 * (deny wins over allow), then allow (when present, what it does not match is
 * refused), then confirm. Pure: no rate limit, no person asked.
 */
export function evaluatePolicy(policy: CompiledPolicy, call: PolicyCall, context: EvaluationContext): PolicyDecision {
  const reads = READ_METHODS.has(call.method);
  if (!reads) {
    if (context.token?.readOnly === true)
      return {
        allowed: false,
        rule: "read-only",
        why: `agent token "${context.token.name}" is read-only (GET, HEAD and OPTIONS only)`,
      };
    if (policy.readOnly)
      return { allowed: false, rule: "read-only", why: "the source is read-only (GET, HEAD and OPTIONS only)" };
    if (context.access === "read")
      return {
        allowed: false,
        rule: "read-only",
        why: `${context.toolNames().read} only reads (GET, HEAD, OPTIONS); send ${call.method} through ${context.toolNames().write}`,
      };
  } else if (context.access === "write") {
    return {
      allowed: false,
      rule: "write tool",
      why: `${context.toolNames().write} only writes; send ${call.method} through ${context.toolNames().read}`,
    };
  }
  if (policy.refusesWithoutDocument && !context.hasDocument) {
    return {
      allowed: false,
      rule: "document not loaded",
      why: "the policy has operation or tag rules and the source's OpenAPI document is not loaded; an operator must fix api.openapi (src source reload)",
    };
  }
  for (const rule of policy.deny) {
    if (rule.matches(call)) return { allowed: false, rule: rule.text, why: `rule "${rule.text}" in deny` };
  }
  if (policy.allow !== undefined && !policy.allow.some((rule) => rule.matches(call))) {
    return {
      allowed: false,
      rule: "not in allow",
      why: `not in allow (${policy.allow.length === 0 ? "the allow list is empty" : `allowed: ${policy.allow.map((rule) => rule.text).join(", ")}`})`,
    };
  }
  return { allowed: true, confirmRule: policy.confirm.find((rule) => rule.matches(call))?.text };
}
