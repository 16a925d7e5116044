import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { SourceFieldsFromDocument } from "@src/openapi";
import { UsageError } from "../errors/usage-error";

/** What `--openapi` gave `src source add`: where the document is, and what it says when it could be read. */
export interface OpenApiForAdd {
  /** The URL as given, or the file's absolute path (the service copies it into the source's folder). */
  location: string;
  /** The fields the document gives, when it was read and is valid. */
  fields?: SourceFieldsFromDocument;
  /** Title, version and operation count, when it was read and is valid. */
  summary?: { title: string; version: string; operations: number };
  /** Why the document could not be used here (the source is added without what it would have filled in). */
  problem?: string;
}

const isUrl = (value: string): boolean => /^https?:\/\//i.test(value);

/**
 * Reads the document named by `--openapi` (a file, or a URL fetched without
 * any credential: a document behind the credential is fetched again, with it,
 * once the source exists) and derives the source's fields from it.
 */
export async function readOpenApiForAdd(given: string): Promise<OpenApiForAdd> {
  const location = isUrl(given) ? given : resolve(given);
  let text: string;
  try {
    if (isUrl(given)) {
      const response = await fetch(given, { redirect: "manual", signal: AbortSignal.timeout(60_000) });
      if (!response.ok) return { location, problem: `${given} answered HTTP ${response.status} without a credential; it is fetched again with the credential after the source is added when it is on the source's origin` };
      text = await response.text();
    } else {
      text = await readFile(location, "utf8");
    }
  } catch (error) {
    if (!isUrl(given)) {
      throw new UsageError({ message: `--openapi: cannot read ${location} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); give a JSON or YAML OpenAPI document or an https: URL`, cause: error });
    }
    return { location, problem: `could not fetch ${given}: ${(error as Error).message}` };
  }
  const { buildOperationIndex, loadOpenApiDocument, sourceFieldsFromIndex } = await import("@src/openapi");
  try {
    const { document, writtenIn } = await loadOpenApiDocument(text, { name: given });
    const index = buildOperationIndex(document, { documentSha256: createHash("sha256").update(text).digest("hex"), writtenIn });
    return {
      location,
      fields: sourceFieldsFromIndex(index, isUrl(given) ? { documentUrl: given } : {}),
      summary: { title: index.title, version: index.version, operations: index.operations.length },
    };
  } catch (error) {
    return { location, problem: (error as Error).message };
  }
}
