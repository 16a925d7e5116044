import type { SourceRecord } from "@src/config";

/**
 * What an operator is told after a step (add, reload, test, a credential stored) that left the source's OpenAPI
 * document unloaded (a file gone, one that no longer parses, a fetch that failed), or `undefined` when it loaded or
 * the source has none: why, and what happens to its calls meanwhile. The caller adds the command that fixes it.
 */
export function describeUnloadedDocument(source: Pick<SourceRecord, "slug" | "api" | "status">): string | undefined {
  const status = source.status.openapi;
  if (source.api.openapi === undefined || status === undefined || status.loaded) return undefined;
  const effect =
    (source.api.openapiValidation ?? "strict") === "strict"
      ? "while it is not loaded its calls are refused (api.openapiValidation is strict)"
      : "its calls are sent without being checked against it";
  return `warning: the OpenAPI document of "${source.slug}" could not be loaded: ${status.error}; ${effect}`;
}

/**
 * The warnings for the policy's `operation:` and `tag:` rules that name nothing in the source's loaded document, as
 * `status.openapi.rulesNamingNothing` recorded them (the document changed after they were written): one line each.
 */
export function describeRulesNamingNothing(source: Pick<SourceRecord, "status">): string[] {
  return (source.status.openapi?.rulesNamingNothing ?? []).map((rule) => `warning: ${rule.path}: ${rule.message}`);
}
