import type { AuthRegistry } from "@src/auth";
import type { z } from "zod";
import { checkSource } from "./check-source";
import { SourceValidationError } from "./errors/source-validation-error";
import {
  type SourceFile,
  type SourceRecord,
  sourceFileSchema,
  sourceInputSchema,
  sourceRecordSchema,
} from "./source-schema";

/** Options of the `parseSource*` functions. */
export interface ParseSourceOptions {
  /** The auth plugins; `api.authType` must name one of them and the `api` block must satisfy its `configSchema`. */
  readonly registry: AuthRegistry;
  /** The file the value came from, named in the error. Default: none. */
  readonly file?: string | undefined;
  /** The slug named in the error. Default: the value's own `slug` when it is a string. */
  readonly slug?: string | undefined;
  /**
   * True when the value is a change about to be written to `file` rather than what `file` holds: the error then says
   * the file was left as it was, and to fix the change. Default false.
   */
  readonly change?: boolean | undefined;
}

/** A creation request after parsing: `enabled` filled in (default true), `slug` still optional. */
export type ParsedSourceInput = z.output<typeof sourceInputSchema>;

function parseWith<TData extends { api: Record<string, unknown> }>(
  schema: z.ZodType<TData>,
  value: unknown,
  options: ParseSourceOptions,
): TData {
  const result = checkSource(schema, value, options.registry);
  if (result.success) return result.data;
  const ownSlug = typeof value === "object" && value !== null ? (value as { slug?: unknown }).slug : undefined;
  throw new SourceValidationError({
    issues: result.issues,
    slug: options.slug ?? (typeof ownSlug === "string" && ownSlug.length <= 63 ? ownSlug : undefined),
    file: options.file,
    change: options.change,
  });
}

/** Parses a complete stored record (operator and service fields). Throws `SourceValidationError` listing every issue. */
export function parseSourceRecord(value: unknown, options: ParseSourceOptions): SourceRecord {
  return parseWith(sourceRecordSchema, value, options);
}

/** Parses the contents of a `config.json`: service fields may be missing (a hand-written file). */
export function parseSourceFile(value: unknown, options: ParseSourceOptions): SourceFile {
  return parseWith(sourceFileSchema, value, options);
}

/** Parses what a caller gives to create a source: `slug` optional, `enabled` defaults to `true`. */
export function parseSourceInput(value: unknown, options: ParseSourceOptions): ParsedSourceInput {
  return parseWith(sourceInputSchema, value, options);
}
