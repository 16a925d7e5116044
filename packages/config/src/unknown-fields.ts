import type { AnyAuthPluginV2 as AnyAuthPlugin, AuthRegistry } from "@src/auth";
import { distance } from "fastest-levenshtein";
import { z } from "zod";
import type { SourceIssue } from "./errors/source-validation-error";

/**
 * The field names a plugin's `configSchema` declares, or `undefined` when it
 * accepts fields it does not name (a loose object, a catch-all, or a schema
 * that is not an object): then nothing it receives can be called unknown.
 */
export function declaredPluginFields(plugin: AnyAuthPlugin): readonly string[] | undefined {
  const schema: unknown = plugin.configSchema;
  if (!(schema instanceof z.ZodObject)) return undefined;
  const catchall = schema._zod.def.catchall;
  if (catchall !== undefined && catchall._zod.def.type !== "never") return undefined;
  return Object.keys(schema.shape);
}

/** The known name closest to `name` (ignoring case), when it is close enough to be a likely misspelling. */
export function closestField(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const gap = distance(name.toLowerCase(), candidate.toLowerCase());
    if (gap < bestDistance) {
      best = candidate;
      bestDistance = gap;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

function unknownFieldIssue(
  path: string,
  name: string,
  known: readonly string[],
  owner: string | undefined,
): SourceIssue {
  if (owner !== undefined)
    return { path, message: `is not used by this auth type (it belongs to authType "${owner}"); remove it` };
  const suggestion = closestField(name, known);
  if (suggestion !== undefined) return { path, message: `is not a known field; did you mean "${suggestion}"?` };
  return { path, message: `is not a known field; remove it (known here: ${known.join(", ")})` };
}

/**
 * The keys of `value` that are not in `known`, each as an issue at `prefix` + key naming the field and, when one is
 * close, the field probably meant (`is not a known field; did you mean "readOnly"?`). For any JSON object whose
 * fields are fixed: a source's record, an agent token request.
 */
export function unknownFieldIssues(
  value: Readonly<Record<string, unknown>>,
  known: readonly string[],
  prefix = "",
): SourceIssue[] {
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => unknownFieldIssue(`${prefix}${key}`, key, known, undefined));
}

/** Options of `findUnknownFields`. */
export interface FindUnknownFieldsOptions {
  /** The top-level fields a record may have. */
  readonly recordFields: readonly string[];
  /** The `api` fields every source may have, whatever its auth type. */
  readonly baseApiFields: readonly string[];
  /** The auth plugins; the one named by `api.authType` declares its own `api` fields. */
  readonly registry: AuthRegistry;
}

/**
 * Fields of a source that no schema knows: a misspelt `"tesEndpoint"`, or
 * `api.headerName` on a bearer source. Each issue names the field and, when one
 * is close, the field that was probably meant. `api` is only checked when its
 * auth type is registered and declares its fields (a custom plugin's extra
 * fields stay allowed).
 */
export function findUnknownFields(
  value: unknown,
  { recordFields, baseApiFields, registry }: FindUnknownFieldsOptions,
): SourceIssue[] {
  if (!isObject(value)) return [];
  const issues = unknownFieldIssues(value, recordFields);
  const api = value.api;
  const plugin = isObject(api) && typeof api.authType === "string" ? registry.find(api.authType) : undefined;
  const pluginFields = plugin === undefined ? undefined : declaredPluginFields(plugin);
  if (!isObject(api) || pluginFields === undefined) return issues;
  const known = [...baseApiFields, ...pluginFields];
  for (const key of Object.keys(api)) {
    if (known.includes(key)) continue;
    const owner = registry.types.find(
      (type) => type !== plugin?.type && declaredPluginFields(registry.get(type))?.includes(key),
    );
    issues.push(unknownFieldIssue(`api.${key}`, key, known, owner));
  }
  return issues;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
