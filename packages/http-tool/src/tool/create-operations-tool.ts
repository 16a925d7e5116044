import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { createFailureResult } from "../result/create-failure-result";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import { apiToolName } from "./api-tool-name";
import type { AgentTool } from "./create-api-tool";
import { operationsToolName } from "./operations-tool-name";
import { createOperationsToolInputJsonSchema, operationsToolInputSchema } from "./operations-tool-input";

/** Longest API title quoted in the description, in characters. */
const maxTitleLength = 80;

/** The operations tool of a source with an OpenAPI document: search its operations, or read one in full. Read-only: it sends nothing. */
export interface OperationsTool extends AgentTool {
  readonly readOnly: true;
  /** The answer (search: `{ total, operations }`; one operation: its detail) is the result's `body.value`. */
  execute(input: unknown, options?: { signal?: AbortSignal | undefined }): Promise<ToolResult>;
}

/**
 * The companion of `createApiTool` for a source with an OpenAPI document:
 * `api_<slug>_operations` with input `{ query?, tag?, operationId?, limit? }`.
 * With `query` and/or `tag` it answers the best matches (at most 25) and their
 * total, under 4 KB; with `operationId`, that operation in full, under 16 KB.
 * The answer is a result with `ok: true`, no attempt, and the answer as a JSON body.
 */
export function createOperationsTool(
  source: Pick<SourceRecord, "slug" | "name">,
  operations: OperationCatalog,
): OperationsTool {
  const name = operationsToolName(source.slug);
  const apiTool = apiToolName(source.slug);
  const title = operations.index.title.replace(/\s+/g, " ").trim().slice(0, maxTitleLength);
  const description =
    `Finds the operations of the REST API "${title}" (source "${source.slug}", ${operations.index.operations.length} operations) before you call ${apiTool}. ` +
    'Give query (plain words, e.g. "create an issue") and/or tag to get the best matches with method, path and required parameters; ' +
    `give operationId to get one operation in full (parameters, body schema, response, an example call, and for a large list response a suggestedSelect to pass as select). Read-only: nothing is sent to the API.`;
  const execute = async (input: unknown): Promise<ToolResult> => {
    const started = performance.now();
    const parsed = operationsToolInputSchema.safeParse(input);
    const request = { method: "SEARCH", url: name };
    if (!parsed.success) {
      const fields = parsed.error.issues
        .map((issue) => `${issue.path.join(".") || "input"}: ${issue.message}`)
        .join("; ");
      return {
        ...createFailureResult({
          code: TOOL_ERROR_CODES.INVALID_CALL,
          message: `invalid call: ${fields}. Send {"query": "create an issue"} or {"operationId": "..."}`,
          call: input,
        }),
        request,
      };
    }
    const { query, tag, operationId, limit, offset } = parsed.data;
    let value: unknown;
    if (operationId !== undefined) {
      const detail = operations.describe(operationId);
      if (detail === undefined) {
        const words = operationId
          .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
          .replace(/[^A-Za-z0-9]+/g, " ")
          .trim()
          .toLowerCase()
          .slice(0, 200);
        // Ids a typo away first (`repos/create-forkk`), then the ids the search finds by their words.
        const suggestions = [
          ...new Set([
            ...operations.closestIds(operationId),
            ...operations.search({ query: words, limit: 3 }).operations.map((operation) => operation.operationId),
          ]),
        ].slice(0, 3);
        return {
          ...createFailureResult({
            code: TOOL_ERROR_CODES.INVALID_CALL,
            message: `no operation "${operationId.slice(0, 200)}" in the document${suggestions.length === 0 ? "" : `; did you mean ${suggestions.map((id) => JSON.stringify(id)).join(", ")}?`}`,
            call: input,
            next: words === "" ? undefined : { tool: name, input: { query: words } },
          }),
          request,
        };
      }
      value = detail;
    } else {
      value = operations.search({ query, tag, limit, offset });
    }
    return {
      ok: true,
      status: 0,
      statusText: "",
      durationMs: Math.round(performance.now() - started),
      attempts: 0,
      headers: {},
      body: { kind: "json", value },
      request,
    };
  };
  return {
    name,
    slug: source.slug,
    description,
    inputSchema: createOperationsToolInputJsonSchema(),
    readOnly: true,
    execute,
  };
}
