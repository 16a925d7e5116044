import { z } from "zod";
import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { toolCallSchema } from "../request/tool-call";
import { compileSelect, type CompiledSelect } from "../select/compile-select";

/** Most pages one `paginate` call may ask for (a source's `api.maxPages` caps it further). */
export const maxAskedPages = 1000;

/** A whole number from `min` (to `max`), each refusal saying so. */
const wholeNumber = (min: number, max?: number) => {
  const error = `must be a whole number ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}`;
  const schema = z.number({ error }).int({ error }).min(min, { error });
  return max === undefined ? schema : schema.max(max, { error });
};

/** `paginate` as an object: its fields checked one by one, so a refusal names `paginate.maxPages`. */
const paginateOptionsSchema = z.strictObject({
  maxPages: wholeNumber(1, maxAskedPages).optional(),
  maxItems: wholeNumber(1).optional(),
});

/** The arguments that shape the result rather than the request: `select`, `paginate`, `resultRef`, `offset`. */
export const resultArgumentsShape = {
  select: z.string().optional().describe('JMESPath on the JSON body, e.g. "items[].{id: id, title: title}"'),
  paginate: z
    .union([z.boolean(), paginateOptionsSchema], { error: "must be true, false or an object { maxPages?, maxItems? }" })
    .optional()
    .describe(
      "GET only: follow next pages and join their items (true: the defaults; false: none); maxPages defaults to 5.",
    ),
  resultRef: z.string().max(200).optional().describe("Reads a cut result on (with offset, select); no request"),
  offset: wholeNumber(0).optional().describe("With resultRef: the first character to read."),
};

/**
 * Everything `api_<slug>` takes: the request (method, path, query, body,
 * _rawBody, _contentType) and what shapes the result (select, paginate,
 * resultRef, offset). `method` and `path` are required unless `resultRef` is
 * given, which `callSource` checks.
 */
export const apiToolInputSchema = toolCallSchema.partial({ method: true, path: true }).extend(resultArgumentsShape);

const resultArgumentsSchema = z.object(resultArgumentsShape);
const resultArgumentNames = Object.keys(resultArgumentsShape);

/** What the agent asked of the result, checked. */
export interface ResultArguments {
  select?: CompiledSelect;
  paginate?: { maxPages?: number | undefined; maxItems?: number | undefined };
  resultRef?: string;
  offset?: number;
}

/** The input split into the request (checked later by `normalizeToolCall`) and the result arguments. */
export interface SplitAgentInput {
  /** The input without the result arguments; `undefined` when only a stored result is read. */
  request: unknown;
  options: ResultArguments;
}

const fail = (reason: keyof typeof INVALID_CALL_REASONS, field: string, message: string): never => {
  throw new InvalidCallError({ reason: INVALID_CALL_REASONS[reason], field, message });
};

/**
 * Takes `select`, `paginate`, `resultRef` and `offset` out of the agent's
 * input and checks them (`select` is compiled here, before anything is
 * sent). Throws `InvalidCallError` naming the field.
 */
export function splitAgentInput(input: unknown): SplitAgentInput {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return { request: input, options: {} };
  const record = input as Record<string, unknown>;
  if (!resultArgumentNames.some((name) => Object.hasOwn(record, name))) return { request: input, options: {} };
  const request: Record<string, unknown> = {};
  const given: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    if (resultArgumentNames.includes(name)) given[name] = value;
    else request[name] = value;
  }
  const parsed = resultArgumentsSchema.safeParse(given);
  if (!parsed.success) {
    // An object given as paginate is checked as one, so the refusal names its field instead of the union's words.
    const options = given.paginate;
    if (typeof options === "object" && options !== null && !Array.isArray(options)) {
      const checked = paginateOptionsSchema.safeParse(options);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const field = ["paginate", ...(issue?.path.map(String) ?? [])].join(".");
        return fail(
          "INVALID_PAGINATE",
          field,
          `invalid call: ${field}: ${issue?.message ?? "invalid"}; send "paginate": true (or {}) or {"maxPages": 3, "maxItems": 100}`,
        );
      }
    }
    const issue = parsed.error.issues[0];
    const field = issue?.path.map(String).join(".") || "input";
    const reason = field.startsWith("paginate")
      ? "INVALID_PAGINATE"
      : field === "select"
        ? "INVALID_SELECT"
        : field === "resultRef" || field === "offset"
          ? "INVALID_RESULT_REF"
          : "INVALID_INPUT";
    const hint = field.startsWith("paginate")
      ? '; send "paginate": true (or {}) or {"maxPages": 3, "maxItems": 100}'
      : "";
    return fail(
      reason,
      field,
      `invalid call: ${parsed.error.issues.map((item) => `${item.path.map(String).join(".") || "input"}: ${item.message}`).join("; ")}${hint}`,
    );
  }
  const { select, resultRef, offset } = parsed.data;
  // `true` asks for the defaults, `false` for no pagination: as if it were not given.
  const paginate =
    parsed.data.paginate === true ? {} : parsed.data.paginate === false ? undefined : parsed.data.paginate;
  const options: ResultArguments = {};
  if (select !== undefined) options.select = compileSelect(select);
  if (resultRef !== undefined) {
    const requestNames = Object.keys(request);
    if (requestNames.length > 0) {
      fail(
        "INVALID_RESULT_REF",
        "resultRef",
        `invalid call: resultRef reads a stored result and sends nothing, so ${requestNames.join(", ")} cannot go with it; give only resultRef, offset and select`,
      );
    }
    if (paginate !== undefined)
      fail(
        "INVALID_PAGINATE",
        "paginate",
        "invalid call: paginate cannot go with resultRef; to read on in a stored result, give offset",
      );
    options.resultRef = resultRef;
    if (offset !== undefined) options.offset = offset;
    return { request: undefined, options };
  }
  if (offset !== undefined)
    fail(
      "INVALID_RESULT_REF",
      "offset",
      "invalid call: offset goes with resultRef (it reads on in a stored result); for an API's own offset parameter, put it in query",
    );
  if (paginate !== undefined) {
    const method = typeof request.method === "string" ? request.method.toUpperCase() : "";
    if (method !== "GET" && method !== "")
      fail(
        "INVALID_PAGINATE",
        "paginate",
        `invalid call: paginate follows GET calls only, not ${method.slice(0, 16)}; leave paginate out`,
      );
    options.paginate = paginate;
  }
  return { request, options };
}
