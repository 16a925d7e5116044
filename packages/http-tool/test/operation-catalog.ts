import { buildOperationIndex, createOperationCatalog, loadOpenApiDocument, type OperationCatalog } from "@src/openapi";

/** The operation catalog of an OpenAPI document written in a test as an object, loaded as a source's document is. */
export async function loadOperationCatalog(document: object): Promise<OperationCatalog> {
  const loaded = await loadOpenApiDocument(JSON.stringify(document));
  return createOperationCatalog(
    buildOperationIndex(loaded.document, { documentSha256: "test", writtenIn: loaded.writtenIn }),
  );
}

/** An operation's `requestBody` when it requires a JSON body of `schema`. */
export function jsonRequestBody(schema: unknown): Record<string, unknown> {
  return { required: true, content: { "application/json": { schema } } };
}

/** An operation's `responses` when its 200 answers JSON of `schema`. */
export function jsonResponses(schema: unknown): Record<string, unknown> {
  return { "200": { description: "ok", content: { "application/json": { schema } } } };
}

/**
 * A hand-written OpenAPI 3.0.3 document titled `title`, version 1, with `fields` (its `paths`, `servers` or
 * `components`).
 */
export function documentOf(title: string, fields: Record<string, unknown>): Record<string, unknown> {
  return { openapi: "3.0.3", info: { title, version: "1" }, ...fields };
}
