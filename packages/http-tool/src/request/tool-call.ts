import { z } from "zod";

/** Methods an agent may use. Any case in, upper case out. */
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What an agent is told when a query value is of another kind (an object, say): what it may be, and what to do. */
const queryValueKinds =
  "must be a string, a number, a boolean, null (left out) or an array of those (the key repeated); an object is not a query value: send its parts as keys of their own (filter[a]) or as one string (JSON, if the API reads that)";

const queryScalarSchema = z.union([z.string(), z.number(), z.boolean()], { error: queryValueKinds });

/** A query value: a scalar, an array of scalars (repeated keys), or null/undefined (dropped). */
export const queryValueSchema = z.union([queryScalarSchema, z.array(queryScalarSchema), z.null(), z.undefined()], {
  error: queryValueKinds,
});

/**
 * What an agent sends to the HTTP tool (spec section 2.2). `_rawBody` and
 * `_contentType` are also accepted inside `body` (agents trained on other tools
 * put them there); `normalizeToolCall` moves them out. Strict: an argument
 * the tool does not take (`headers`, `url`...) is refused, never dropped.
 */
export const toolCallSchema = z.strictObject({
  method: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(HTTP_METHODS, { error: `must be one of ${HTTP_METHODS.join(", ")}` }))
    .describe("HTTP method; with path, required unless resultRef is given."),
  path: z.string().describe('Under the base URL, e.g. "/items?limit=1"'),
  query: z.record(z.string(), queryValueSchema).optional().describe("Query parameters; an array repeats the key."),
  body: z.unknown().optional().describe("JSON body (not with GET or HEAD)."),
  _rawBody: z.string().optional().describe("A body sent as it stands (text, XML, form data) instead of body."),
  _contentType: z.string().optional().describe("Content-Type of _rawBody."),
});

export type ToolCall = z.input<typeof toolCallSchema>;
export type ParsedToolCall = z.output<typeof toolCallSchema>;
