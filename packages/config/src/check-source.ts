import type { AuthRegistry } from "@src/auth";
import type { z } from "zod";
import { describeIssues, valueAt } from "./describe-issue";
import type { SourceIssue } from "./errors/source-validation-error";
import { sourceApiSchema, sourceInputShape, sourceServiceShape } from "./source-schema";
import { findUnknownFields } from "./unknown-fields";

/** The outcome of checking a value: the parsed data, or every issue found. */
export type SourceCheckResult<TData> =
  | { readonly success: true; readonly data: TData }
  | { readonly success: false; readonly issues: readonly SourceIssue[] };

/** Fields of the `api` block this package owns; everything else belongs to the auth plugin. */
const baseApiKeys = new Set(Object.keys(sourceApiSchema.shape));
/** Every top-level field of a record, the service's included (a caller may hand back a record it read). */
const recordFields = [...Object.keys(sourceInputShape), ...Object.keys(sourceServiceShape)];

const listTypes = (types: readonly string[]): string => types.map((type) => `"${type}"`).join(", ");

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks `value` against a base schema and, in the same pass, its `api` block
 * against the auth plugin chosen by `api.authType`. Every issue is collected:
 * base-schema issues and plugin issues are reported together.
 */
export function checkSource<TData extends { api: Record<string, unknown> }>(
  schema: z.ZodType<TData>,
  value: unknown,
  registry: AuthRegistry,
): SourceCheckResult<TData> {
  const base = schema.safeParse(value);
  const types = listTypes(registry.types);
  const issues = base.success
    ? []
    : describeIssues(base.error.issues, value, {
        required: (path) => (path === "api.authType" ? `is required: one of ${types}` : undefined),
      });

  let pluginData: Record<string, unknown> = {};
  const api = valueAt(value, ["api"]);
  const authType = isObject(api) ? api.authType : undefined;
  if (isObject(api) && typeof authType === "string" && authType !== "") {
    const plugin = registry.find(authType);
    if (plugin === undefined) {
      issues.push({ path: "api.authType", message: `unknown auth type "${authType}"; use one of: ${types}` });
    } else {
      const pluginInput = Object.fromEntries(Object.entries(api).filter(([key]) => !baseApiKeys.has(key)));
      const result = plugin.configSchema.safeParse(pluginInput);
      if (result.success) {
        pluginData = result.data as Record<string, unknown>;
        issues.push(...credentialHeaderClash(api.headers, pluginData.headerName));
      } else {
        const required = () => `required when api.authType is "${authType}"`;
        issues.push(
          ...describeIssues(result.error.issues, pluginInput, { prefix: ["api"], required, keepCustomMessages: true }),
        );
      }
    }
  }

  issues.push(...findUnknownFields(value, { recordFields, baseApiFields: [...baseApiKeys], registry }));
  if (isObject(api)) issues.push(...documentRulesWithoutDocument(api));

  if (!base.success || issues.length > 0) return { success: false, issues: dedupe(issues) };
  return { success: true, data: { ...base.data, api: { ...base.data.api, ...pluginData } } };
}

/** A fixed header with the name of the header the credential goes in (`api.headerName`) would be overwritten or sent twice. */
function credentialHeaderClash(headers: unknown, headerName: unknown): SourceIssue[] {
  if (!isObject(headers) || typeof headerName !== "string") return [];
  const clash = Object.keys(headers).find((name) => name.toLowerCase() === headerName.toLowerCase());
  if (clash === undefined) return [];
  return [
    {
      path: `api.headers.${clash}`,
      message: `cannot be a fixed header: the credential goes in header "${headerName}" (api.headerName); remove it`,
    },
  ];
}

/** `operation:` and `tag:` rules name operations of the source's OpenAPI document: without `api.openapi` they could never match. */
function documentRulesWithoutDocument(api: Record<string, unknown>): SourceIssue[] {
  if (api.openapi !== undefined || !isObject(api.policy)) return [];
  const issues: SourceIssue[] = [];
  for (const list of ["allow", "deny", "confirm"] as const) {
    const rules = api.policy[list];
    if (!Array.isArray(rules)) continue;
    rules.forEach((rule, position) => {
      if (typeof rule === "string" && /^\s*(operation|tag):/.test(rule)) {
        issues.push({
          path: `api.policy.${list}.${position}`,
          message: `"${rule.trim()}" names operations of an OpenAPI document, and the source has none; set api.openapi, or write the rule as "METHOD /path"`,
        });
      }
    });
  }
  return issues;
}

function dedupe(issues: readonly SourceIssue[]): SourceIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
