import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "@src/file-lock";
import { OPENAPI_ERROR_CODES, OpenApiError } from "../errors/openapi-error";
import { buildOperationIndex } from "./build-operation-index";
import { OPERATION_INDEX_FORMAT, type OperationIndex } from "./operation-index";

/** Where the index of `documentFile` is cached: next to it, `<document>.index.json`. */
export const operationIndexFileOf = (documentFile: string): string => `${documentFile}.index.json`;

/** Options of `readOperationIndex`. */
export interface ReadOperationIndexOptions {
  /** Absolute path of the JSON or YAML document. */
  documentFile: string;
  /** Names the document in messages. Default: `documentFile`. */
  name?: string;
  /** Write the index next to the document when it was (re)built. Default true; a failed write is ignored. */
  cache?: boolean;
}

/**
 * The operation index of a document file: the cached one when it was built
 * from the same bytes (SHA-256), else built from the document (parsed,
 * checked, upgraded) and cached next to it. Throws `OpenApiError`:
 * `DOCUMENT_UNREADABLE` or `INVALID_DOCUMENT`.
 */
export async function readOperationIndex({
  documentFile,
  name = documentFile,
  cache = true,
}: ReadOperationIndexOptions): Promise<OperationIndex> {
  let bytes: Buffer;
  try {
    bytes = await readFile(documentFile);
  } catch (error) {
    throw new OpenApiError({
      code: OPENAPI_ERROR_CODES.DOCUMENT_UNREADABLE,
      message: `the OpenAPI document ${name} could not be read (${(error as NodeJS.ErrnoException).code ?? "error"}); check api.openapi, or add the document again`,
      cause: error,
    });
  }
  const documentSha256 = createHash("sha256").update(bytes).digest("hex");
  const indexFile = operationIndexFileOf(documentFile);
  const cached = await readCachedIndex(indexFile, documentSha256);
  if (cached !== undefined) return cached;
  // The parser is loaded only to build an index: reading a cached one needs none of it.
  const { loadOpenApiDocument } = await import("../document/load-openapi-document");
  const { document, writtenIn } = await loadOpenApiDocument(bytes.toString("utf8"), { name });
  const index = buildOperationIndex(document, { documentSha256, writtenIn });
  if (cache) await writeFileAtomic(indexFile, JSON.stringify(index)).catch(() => undefined);
  return index;
}

async function readCachedIndex(indexFile: string, documentSha256: string): Promise<OperationIndex | undefined> {
  try {
    const index = JSON.parse(await readFile(indexFile, "utf8")) as Partial<OperationIndex>;
    if (
      index.format === OPERATION_INDEX_FORMAT &&
      index.documentSha256 === documentSha256 &&
      Array.isArray(index.operations)
    )
      return index as OperationIndex;
  } catch {
    // Missing or damaged: rebuilt.
  }
  return undefined;
}
