import type { ApiPolicy } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { compilePolicy, type CompiledRule } from "./compile-policy";

/** An `operation:` or `tag:` rule of `api.policy` that names no operation of the source's OpenAPI document. */
export interface PolicyRuleNamingNothing {
  /** Where it is, e.g. `api.policy.deny.0`. */
  readonly path: string;
  /** The rule as written, e.g. `operation:repos/delet`. */
  readonly rule: string;
  /** The rules it probably meant (the document's closest operationIds or tags), nearest first; may be empty. */
  readonly suggestions: readonly string[];
  /** What is wrong and what to write instead (without the path). */
  readonly message: string;
}

const lists = ["allow", "deny", "confirm"] as const;
const effects: Record<(typeof lists)[number], string> = {
  allow: "so it allows nothing",
  deny: "so it refuses nothing",
  confirm: "so it asks for no confirmation",
};
const quote = (text: string): string => JSON.stringify(text);

/**
 * The `operation:` and `tag:` rules of `policy` that match no operation of `catalog`'s document, matched exactly as
 * calls are (allow: letter case as written; deny and confirm: any letter case), each with the closest operationIds
 * or tags as "did you mean". `slug` names the source in the hint that lists its operations.
 */
export function rulesNamingNothing(
  policy: ApiPolicy | undefined,
  catalog: Pick<OperationCatalog, "index" | "closestIds" | "closestTags">,
  slug?: string,
): PolicyRuleNamingNothing[] {
  if (policy === undefined) return [];
  const compiled = compilePolicy(policy);
  if (!compiled.usesDocument) return [];
  const { operations } = catalog.index;
  const found: PolicyRuleNamingNothing[] = [];
  for (const list of lists) {
    const rules: readonly CompiledRule[] = (list === "allow" ? compiled.allow : compiled[list]) ?? [];
    rules.forEach((rule, position) => {
      const names = rule.namesOperation;
      if (names === undefined || operations.some((operation) => names(operation))) return;
      const prefix = rule.kind === "tag" ? "tag:" : "operation:";
      const pattern = rule.text.slice(prefix.length);
      const suggestions = (rule.kind === "tag" ? catalog.closestTags(pattern) : catalog.closestIds(pattern))
        .filter((name) => name !== pattern)
        .map((name) => `${prefix}${name}`);
      const tags = [...new Set(operations.flatMap((operation) => operation.tags))];
      const instead =
        suggestions.length > 0
          ? `did you mean ${suggestions.map(quote).join(" or ")}?`
          : rule.kind === "tag"
            ? tags.length === 0
              ? "the document's operations have no tags; write an operation: or METHOD /path rule"
              : `its tags are ${tags.slice(0, 8).map(quote).join(", ")}${tags.length > 8 ? ", ..." : ""}`
            : `write an operationId of the document${slug === undefined ? "" : ` (\`src operations ${slug}\` lists them)`}`;
      found.push({
        path: `api.policy.${list}.${position}`,
        rule: rule.text,
        suggestions,
        message: `${quote(rule.text)} names no ${rule.kind === "tag" ? "tag of an operation" : "operation"} of the source's OpenAPI document (${operations.length} operation${operations.length === 1 ? "" : "s"}), ${effects[list]}; ${instead}`,
      });
    });
  }
  return found;
}
