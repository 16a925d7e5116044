import type { IndexedOperation, OperationIndex } from "../index/operation-index";
import { requiredOf } from "../search/search-operations";
import { boundSchema, exampleOf, type SchemaBounds } from "./bound-schema";
import { fitToBytes } from "./fit-to-bytes";
import { suggestSelect, type SuggestedSelect } from "./suggest-select";

/** Upper bound of one operation's answer, in UTF-8 bytes of its JSON. */
export const maxOperationAnswerBytes = 16_384;

/** One operation in full, as the agent sees it: the index's facts, then its schemas cut to fit. */
export interface OperationDetail extends Pick<
  IndexedOperation,
  "operationId" | "method" | "path" | "summary" | "description" | "tags"
> {
  deprecated?: true;
  required: string[];
  parameters: { name: string; in: string; required: boolean; description?: string; schema?: unknown }[];
  requestBody?: { required: boolean; mediaTypes: string[]; schema?: unknown };
  response?: { status: string; description: string; mediaType?: string; schema?: unknown };
  /** For a response whose items are large: a `select` that keeps a few fields of each (`items[].{id: id, title: title}`). */
  suggestedSelect?: SuggestedSelect;
  /** A call of `api_<slug>` ready to fill: placeholders in `<...>`. */
  exampleCall: { method: string; path: string; query?: Record<string, unknown>; body?: unknown };
}

/** Steps from the most to the least shown, until the answer fits in 16 KB. */
const boundSteps: SchemaBounds[] = [
  { maxDepth: 6, maxProperties: 40, maxEnumValues: 30, maxDescriptionLength: 160 },
  { maxDepth: 4, maxProperties: 30, maxEnumValues: 20, maxDescriptionLength: 100 },
  { maxDepth: 3, maxProperties: 20, maxEnumValues: 12, maxDescriptionLength: 60 },
  { maxDepth: 2, maxProperties: 15, maxEnumValues: 8, maxDescriptionLength: 0 },
  { maxDepth: 1, maxProperties: 10, maxEnumValues: 5, maxDescriptionLength: 0 },
  { maxDepth: 0, maxProperties: 5, maxEnumValues: 3, maxDescriptionLength: 0 },
];

/**
 * One operation in full: its parameters with their schemas, the request
 * body's schema (resolved and bounded: deep or huge schemas are cut with
 * `x-cut`), the success response's shape in brief, and an example call.
 * Always under 16 KB.
 */
export function describeOperation(index: OperationIndex, operation: IndexedOperation): OperationDetail {
  const responseSchema =
    operation.response?.mediaType === undefined || /json/i.test(operation.response.mediaType)
      ? operation.response?.schema
      : undefined;
  const suggested = responseSchema === undefined ? undefined : suggestSelect(responseSchema, index.schemas);
  const detailAt = (step: number): OperationDetail => {
    const bounds = boundSteps[step] as SchemaBounds;
    const brief: SchemaBounds = { ...bounds, maxDepth: Math.min(bounds.maxDepth, 2) };
    const detail: OperationDetail = {
      operationId: operation.operationId,
      method: operation.method,
      path: operation.path,
      summary: operation.summary,
      description: operation.description,
      tags: operation.tags,
      required: requiredOf(operation),
      parameters: operation.parameters.map((parameter) => ({
        name: parameter.name,
        in: parameter.in,
        required: parameter.required,
        ...(parameter.description === undefined || bounds.maxDescriptionLength === 0
          ? {}
          : { description: parameter.description.slice(0, bounds.maxDescriptionLength * 2) }),
        ...(parameter.schema === undefined
          ? {}
          : {
              schema: boundSchema(parameter.schema, index.schemas, {
                ...bounds,
                maxDepth: Math.min(bounds.maxDepth, 2),
              }),
            }),
      })),
      exampleCall: exampleCallOf(index, operation),
    };
    if (operation.deprecated) detail.deprecated = true;
    if (operation.requestBody !== undefined) {
      detail.requestBody = { required: operation.requestBody.required, mediaTypes: operation.requestBody.mediaTypes };
      if (operation.requestBody.schema !== undefined)
        detail.requestBody.schema = boundSchema(operation.requestBody.schema, index.schemas, bounds);
    }
    if (operation.response !== undefined) {
      const { schema, ...rest } = operation.response;
      detail.response = schema === undefined ? rest : { ...rest, schema: boundSchema(schema, index.schemas, brief) };
      if (suggested !== undefined) detail.suggestedSelect = suggested;
    }
    return detail;
  };
  let step = 0;
  return fitToBytes(detailAt(0), maxOperationAnswerBytes, (current) => {
    step += 1;
    if (step < boundSteps.length) return detailAt(step);
    if (current.parameters.length > 0)
      return {
        ...current,
        description: "",
        parameters: current.parameters.slice(0, Math.floor(current.parameters.length / 2)),
      };
    return undefined;
  });
}

function exampleCallOf(index: OperationIndex, operation: IndexedOperation): OperationDetail["exampleCall"] {
  const call: OperationDetail["exampleCall"] = {
    method: operation.method,
    path: operation.path.replace(/\{([^}]+)\}/g, "<$1>"),
  };
  const query = operation.parameters.filter((parameter) => parameter.in === "query" && parameter.required);
  if (query.length > 0)
    call.query = Object.fromEntries(
      query.map((parameter) => [parameter.name, exampleOf(parameter.schema, index.schemas, parameter.name)]),
    );
  if (operation.requestBody?.schema !== undefined)
    call.body = exampleOf(operation.requestBody.schema, index.schemas, "body");
  return call;
}
