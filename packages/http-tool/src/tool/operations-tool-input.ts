import { z } from "zod";
import type { JsonSchemaObject } from "./tool-input-json-schema";

/** What an agent sends to `api_<slug>_operations`. Strict: other arguments are refused. */
export const operationsToolInputSchema = z.strictObject({
  query: z
    .string()
    .max(500)
    .optional()
    .describe('Words describing what you want to do, e.g. "create an issue" or "list pull requests".'),
  tag: z.string().max(200).optional().describe('Only operations with this tag (the API\'s grouping, e.g. "issues").'),
  operationId: z
    .string()
    .max(500)
    .optional()
    .describe("Give this to get one operation in full: parameters, body schema, response shape and an example call."),
  limit: z.number().int().min(1).max(25).optional().describe("Most matches to return. Default 8, at most 25."),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("Matches to skip, to page through them; without query and tag, every operation is listed."),
});
export type OperationsToolInput = z.infer<typeof operationsToolInputSchema>;

/** The input as JSON Schema for agent APIs. */
export function createOperationsToolInputJsonSchema(): JsonSchemaObject {
  const { $schema: _schema, ...schema } = z.toJSONSchema(operationsToolInputSchema, { target: "draft-7" }) as Record<
    string,
    unknown
  >;
  return schema as JsonSchemaObject;
}
