import type { SourceRecord } from "@src/config";
import type { PolicyExplanation, TokenPolicy } from "@src/http-tool";

/** `src policy SLUG` for a person: the policy's fields, the token's narrowing, the tools agents see, and a checked call. */
export function formatPolicy(
  source: SourceRecord,
  token: TokenPolicy | undefined,
  tools: readonly { name: string; readOnly: boolean }[],
  check: PolicyExplanation | undefined,
  /** Why the server refuses every call of the token to this source (expired, or not for it); none when it may call. */
  tokenRefusal?: string,
  /** The rules that name no operation or tag of the source's OpenAPI document. */
  namingNothing: readonly { path: string; message: string }[] = [],
): string {
  const policy = source.api.policy;
  const lines = [`Policy of source "${source.slug}" (${source.name}):`];
  if (policy === undefined) lines.push("  none: agents may send any method to any path under the base URL");
  else {
    lines.push(`  mode: ${policy.mode ?? "read-write"}`);
    lines.push(
      `  allow: ${policy.allow === undefined ? "(every call not denied)" : policy.allow.length === 0 ? "(nothing)" : policy.allow.join(", ")}`,
    );
    lines.push(`  deny: ${(policy.deny ?? []).join(", ") || "(none)"}`);
    lines.push(`  confirm: ${(policy.confirm ?? []).join(", ") || "(none)"}`);
    lines.push(
      `  rate limit: ${policy.rateLimit === undefined ? "(none)" : `${policy.rateLimit.calls} calls per ${policy.rateLimit.perSeconds} s`}`,
    );
    lines.push(`  tools: ${policy.tools ?? "single"}`);
    for (const rule of namingNothing) lines.push(`  Names nothing: ${rule.path}: ${rule.message}`);
  }
  if (token !== undefined && tokenRefusal !== undefined) lines.push(`Refused: ${tokenRefusal}`);
  else if (token !== undefined) {
    lines.push(
      `Narrowed by agent token "${token.name}": ${token.readOnly === true ? "read-only" : "no read-only"}, ${token.rateLimit === undefined ? "no rate limit of its own" : `at most ${token.rateLimit.calls} calls per ${token.rateLimit.perSeconds} s`}`,
    );
  }
  lines.push(
    `Tools: ${tools.length === 0 ? (tokenRefusal === undefined ? "(none: the source is disabled)" : "(none for this token)") : tools.map((tool) => `${tool.name}${tool.readOnly ? " (read-only)" : ""}`).join(", ")}`,
  );
  if (check !== undefined) {
    if (check.verdict === "invalid") lines.push(`Check: ${check.why}`);
    else {
      const operation = check.operationId === undefined ? "" : ` (operation ${check.operationId})`;
      const verdict =
        check.verdict === "refused"
          ? `refused by ${check.rule === undefined ? "the policy" : `"${check.rule}"`}`
          : check.verdict === "confirm"
            ? `allowed once a person confirms (rule "${check.rule ?? ""}")`
            : "allowed";
      lines.push(`Check ${check.method} ${check.path}${operation}: ${verdict}: ${check.why}`);
    }
  }
  return lines.join("\n");
}
