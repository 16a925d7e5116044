import { parsePolicyRule, type ApiPolicy, type PolicyRule } from "@src/config";
import { READ_METHODS, type TokenPolicy, type ToolAccess } from "./policy-narrowing";

/** Longest list of rules quoted in a description, in characters. */
const maxListLength = 160;

const list = (texts: readonly string[]): string => {
  const joined = texts.join(", ");
  return joined.length <= maxListLength ? joined : `${joined.slice(0, maxListLength - 1)}…`;
};

const rulesOf = (texts: readonly string[] | undefined): PolicyRule[] =>
  (texts ?? []).flatMap((text) => {
    const parsed = parsePolicyRule(text);
    return parsed.ok ? [parsed.rule] : [];
  });

/** What the allow list lets through, in the words of the issue: "reads anywhere; writes only to POST /repos/*\/*\/issues". */
function describeAllow(allow: readonly PolicyRule[], readOnly: boolean): string {
  const routes = allow.filter((rule) => rule.kind === "route");
  const documentRules = allow.filter((rule) => rule.kind !== "route").map((rule) => rule.text);
  const readRules = routes.filter((rule) => rule.method === "*" || READ_METHODS.has(rule.method));
  const writeRules = routes.filter((rule) => rule.method === "*" || !READ_METHODS.has(rule.method));
  const parts: string[] = [];
  if (readRules.some((rule) => rule.path === "/**")) parts.push("reads anywhere");
  else if (readRules.length > 0) parts.push(`reads only ${list(readRules.map((rule) => rule.text))}`);
  if (!readOnly) {
    if (writeRules.some((rule) => rule.method === "*" && rule.path === "/**")) parts.push("writes anywhere");
    else if (writeRules.length > 0) parts.push(`writes only to ${list(writeRules.map((rule) => rule.text))}`);
  }
  if (documentRules.length > 0) parts.push(`the operations ${list(documentRules)}`);
  if (parts.length === 0) return "Allowed: nothing (the allow list matches no call).";
  return `Allowed: ${parts.join("; ")}; anything else is refused.`;
}

/**
 * The confirm rules a call this tool lets through can match, so the description never asks an agent to expect a
 * confirmation for a call it would be refused anyway: a rule for a write is left out of a read-only or reading tool,
 * one for a read out of the writing tool, and one whose method no allow rule lets through (when there is an allow
 * list). A rule of the document (`operation:`, `tag:`), or any rule when the allow list names operations, is kept.
 */
function confirmRulesThatApply(
  confirm: readonly string[],
  { allow, readOnly, access }: { allow: readonly PolicyRule[] | undefined; readOnly: boolean; access: ToolAccess },
): string[] {
  const allowedMethods =
    allow === undefined || allow.some((rule) => rule.kind !== "route")
      ? undefined
      : new Set(allow.flatMap((rule) => (rule.kind === "route" ? [rule.method] : [])));
  return rulesOf(confirm)
    .filter((rule) => {
      if (rule.kind !== "route" || rule.method === "*") return true;
      const reads = READ_METHODS.has(rule.method);
      if (!reads && (readOnly || access === "read")) return false;
      if (reads && access === "write") return false;
      return allowedMethods === undefined || allowedMethods.has("*") || allowedMethods.has(rule.method);
    })
    .map((rule) => rule.text);
}

/**
 * The policy in a few sentences for the tool's description: read-only, which
 * tool of a split pair this is, what allow lets through, what is denied,
 * what a person confirms, the rate limits. `undefined` when nothing limits the agent.
 */
export function describePolicy(
  policy: ApiPolicy | undefined,
  {
    token,
    access,
    readToolName,
    writeToolName,
  }: { token?: TokenPolicy | undefined; access: ToolAccess; readToolName: string; writeToolName: string },
): string | undefined {
  const sentences: string[] = [];
  const readOnly = policy?.mode === "read-only" || token?.readOnly === true;
  if (readOnly) sentences.push("Read-only: GET, HEAD and OPTIONS only; other methods are refused.");
  else if (access === "read")
    sentences.push(`This tool only reads (GET, HEAD, OPTIONS); writes go through ${writeToolName}.`);
  else if (access === "write")
    sentences.push(`This tool only writes (POST, PUT, PATCH, DELETE); reads go through ${readToolName}.`);
  if (policy?.allow !== undefined) sentences.push(describeAllow(rulesOf(policy.allow), readOnly));
  if ((policy?.deny ?? []).length > 0) sentences.push(`Never allowed: ${list(policy!.deny!)}.`);
  const confirm = confirmRulesThatApply(policy?.confirm ?? [], {
    allow: policy?.allow === undefined ? undefined : rulesOf(policy.allow),
    readOnly,
    access,
  });
  if (confirm.length > 0) sentences.push(`A person must confirm: ${list(confirm)}.`);
  const limits = [policy?.rateLimit, token?.rateLimit].filter((limit) => limit !== undefined);
  if (limits.length > 0)
    sentences.push(`At most ${limits.map((limit) => `${limit.calls} calls per ${limit.perSeconds} s`).join(" and ")}.`);
  if (sentences.length === 0) return undefined;
  return `${sentences.join(" ")} Refusals answer POLICY_DENIED, CONFIRMATION_REQUIRED or RATE_LIMITED and send nothing.`;
}
