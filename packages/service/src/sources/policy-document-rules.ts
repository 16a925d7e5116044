import { apiPolicySchema, SourceValidationError, type ApiPolicy, type SourceRecord } from "@src/config";
import { rulesNamingNothing, type PolicyRuleNamingNothing } from "@src/http-tool";
import type { ServiceContext } from "./service-context";

type RecordedRule = NonNullable<NonNullable<SourceRecord["status"]["openapi"]>["rulesNamingNothing"]>[number];

const recorded = (found: readonly PolicyRuleNamingNothing[]): RecordedRule[] =>
  found.map(({ path, rule, message }) => ({ path, rule, message }));

/** The refusal of rules that name nothing in the source's document: each at its field, with what to write instead. */
export function rulesNamingNothingError(slug: string, found: readonly RecordedRule[]): SourceValidationError {
  return new SourceValidationError({ issues: found.map(({ path, message }) => ({ path, message })), slug });
}

/** Whether `rule` (at `api.policy.LIST.N`) was already in that list of `policy`: written before, not by this change. */
function wasWritten(policy: ApiPolicy | undefined, rule: PolicyRuleNamingNothing): boolean {
  const list = rule.path.split(".")[2] as "allow" | "deny" | "confirm";
  return (policy?.[list] ?? []).some((text) => text.trim() === rule.rule);
}

/**
 * An edit that writes `operation:` or `tag:` rules into the policy of a source whose document is loaded, and keeps
 * that document: a rule it writes that names no operation or tag of the document is refused before anything is
 * written. Rules that were there before are left to `status.openapi.rulesNamingNothing`.
 */
export async function assertEditedRulesNameOperations(
  context: ServiceContext,
  before: SourceRecord,
  after: Record<string, unknown>,
): Promise<void> {
  const api = (after.api ?? {}) as Record<string, unknown>;
  if (before.api.openapi === undefined || api.openapi !== before.api.openapi) return;
  if (JSON.stringify(api.policy) === JSON.stringify(before.api.policy)) return;
  // A policy that breaks the schema is refused by the store, with its own issues.
  const policy = apiPolicySchema.safeParse(api.policy);
  if (!policy.success || policy.data === undefined) return;
  const catalog = await context.documents.catalogFor(before);
  if (catalog === undefined) return;
  const written = rulesNamingNothing(policy.data, catalog, before.slug).filter(
    (rule) => !wasWritten(before.api.policy, rule),
  );
  if (written.length > 0) throw rulesNamingNothingError(before.slug, recorded(written));
}

/** After the policy of a source with a loaded document changed: `status.openapi.rulesNamingNothing` says it again. */
export async function recordRulesNamingNothing(context: ServiceContext, source: SourceRecord): Promise<SourceRecord> {
  const status = source.status.openapi;
  if (status?.loaded !== true) return source;
  const catalog = await context.documents.catalogFor(source);
  if (catalog === undefined) return source;
  const found = recorded(rulesNamingNothing(source.api.policy, catalog, source.slug));
  if (JSON.stringify(found) === JSON.stringify(status.rulesNamingNothing ?? [])) return source;
  const { rulesNamingNothing: _previous, ...rest } = status;
  return context.store.setStatus(source.slug, {
    openapi: found.length === 0 ? rest : { ...rest, rulesNamingNothing: found },
  });
}
