import type { SourceIssue } from "../errors/source-validation-error";
import { SourceValidationError } from "../errors/source-validation-error";
import { type SourceRecord, type SourceStatus, sourceStatusSchema } from "../source-schema";
import { closestField } from "../unknown-fields";

const changeableFields = ["name", "enabled", "api"];

/**
 * The operator fields `update` may change. `api` is merged into the current
 * `api` block; a key set to `undefined` or `null` is removed from it (as in a
 * JSON merge patch, RFC 7396: over HTTP, `null` is how a field is cleared).
 */
export interface SourceChanges {
  /** New display name. Default: unchanged. */
  readonly name?: string;
  /** Enable or disable the source. Default: unchanged. */
  readonly enabled?: boolean;
  /** Fields merged into `api` (e.g. `{ baseUrl }`, or `{ authType: "header", headerName: "X-Key" }`; `{ audience: null }` removes one). Default: unchanged. */
  readonly api?: Readonly<Record<string, unknown>>;
}

const fixedFields: Record<string, string> = {
  slug: "cannot be changed; create a new source with the new slug and remove this one",
  type: 'cannot be changed; it is always "api"',
  id: "is filled in by the service and cannot be changed",
  createdAt: "is filled in by the service and cannot be changed",
  updatedAt: "is filled in by the service and cannot be changed",
  status: "is filled in by the service; use setStatus",
};

/** Applies `changes` to `current` (not yet validated as a whole: the caller parses the result). */
export function applySourceChanges(
  current: SourceRecord,
  changes: SourceChanges,
  slug: string,
): Record<string, unknown> {
  if (typeof changes !== "object" || changes === null) {
    throw new SourceValidationError({
      issues: [{ path: "(changes)", message: "must be an object with name, enabled or api" }],
      slug,
    });
  }
  const issues: SourceIssue[] = [];
  for (const key of Object.keys(changes)) {
    if (key === "name" || key === "enabled" || key === "api") continue;
    const suggestion = closestField(key, changeableFields);
    const unknown =
      suggestion === undefined
        ? "is not a field that can be changed; use name, enabled or api"
        : `is not a field that can be changed; did you mean "${suggestion}"?`;
    issues.push({ path: key, message: fixedFields[key] ?? unknown });
  }
  if (
    changes.api !== undefined &&
    (typeof changes.api !== "object" || changes.api === null || Array.isArray(changes.api))
  ) {
    issues.push({ path: "api", message: "must be an object of api fields to change" });
  }
  if (issues.length > 0) throw new SourceValidationError({ issues, slug });

  const api: Record<string, unknown> = { ...current.api };
  for (const [key, value] of Object.entries(changes.api ?? {})) {
    if (value === undefined || value === null) delete api[key];
    else api[key] = value;
  }
  return {
    ...current,
    ...(changes.name === undefined ? {} : { name: changes.name }),
    ...(changes.enabled === undefined ? {} : { enabled: changes.enabled }),
    api,
  };
}

/** `current` with `status` merged into its status, checked: a wrong field is a SourceValidationError at `status.<field>`. */
export function applyStatusChange(current: SourceRecord, status: Partial<SourceStatus>, slug: string): SourceRecord {
  const result = sourceStatusSchema.safeParse({ ...current.status, ...status });
  if (!result.success) {
    const issues = result.error.issues.map((issue) => ({
      path: ["status", ...issue.path].join("."),
      message: issue.message,
    }));
    throw new SourceValidationError({ issues, slug });
  }
  return { ...current, status: result.data };
}
