import type { z } from "zod";
import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { quoteValue } from "./quote-value";
import { queryValueSchema, toolCallSchema } from "./tool-call";
import type { ParsedToolCall } from "./tool-call";

/** `type/subtype` followed by optional parameters, e.g. `application/xml; charset=utf-8`. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern excludes
const mediaTypePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+(\s*;[^\u0000-\u001f\u007f]*)?$/;

const fail = (reason: keyof typeof INVALID_CALL_REASONS, field: string, message: string): never => {
  throw new InvalidCallError({ reason: INVALID_CALL_REASONS[reason], field, message });
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The arguments the tool takes, in the order its schema lists them: the request's, then those that shape the result (taken out before this check). */
const acceptedArguments = [...Object.keys(toolCallSchema.shape), "select", "paginate", "resultRef", "offset"].join(
  ", ",
);

/** One schema issue, for the agent: unknown arguments are named with the accepted ones. */
function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "unrecognized_keys" && issue.path.length === 0) {
    const names = issue.keys.map((key) => quoteValue(key)).join(", ");
    const headersHint = issue.keys.includes("headers")
      ? "; request headers cannot be set in a call (an operator sets fixed ones on the source)"
      : "";
    return `unknown argument${issue.keys.length === 1 ? "" : "s"} ${names}: the tool accepts only ${acceptedArguments}${headersHint}`;
  }
  return `${issue.path.length > 0 ? issue.path.join(".") : "input"}: ${issue.message}`;
}

/** A parsed call and what the agent should be told about how it was read. */
export interface NormalizedToolCall {
  call: ParsedToolCall;
  /** Set when the call was read other than as written (a JSON body sent as a string). */
  note?: string;
}

/**
 * The parsed query as a null-prototype map in the agent's key order, with a
 * `__proto__` name kept: zod drops that key from a record (assigning it to a
 * plain object would replace the prototype), yet it is an ordinary query name.
 */
function queryWithEveryName(parsed: ParsedToolCall["query"], input: unknown): ParsedToolCall["query"] {
  const given = isPlainObject(input) ? input.query : undefined;
  if (parsed === undefined || !isPlainObject(given) || !Object.hasOwn(given, "__proto__")) return parsed;
  const protoValue = queryValueSchema.safeParse(Object.getOwnPropertyDescriptor(given, "__proto__")?.value);
  if (!protoValue.success)
    fail(
      "INVALID_INPUT",
      "query.__proto__",
      `invalid call: query.__proto__: ${protoValue.error.issues[0]?.message ?? "invalid value"}`,
    );
  const query = Object.create(null) as NonNullable<ParsedToolCall["query"]>;
  for (const name of Object.keys(given)) query[name] = name === "__proto__" ? protoValue.data : parsed[name];
  return query;
}

/**
 * Parses what an agent sent to the HTTP tool and makes it consistent:
 * `_rawBody`/`_contentType` found inside an object `body` move to the top level,
 * a `null` body counts as no body, and body/method/content-type rules are checked.
 * Throws `InvalidCallError` listing every schema issue with its path.
 */
export function normalizeToolCall(input: unknown): ParsedToolCall {
  return normalizeToolCallWithNote(input).call;
}

/**
 * `normalizeToolCall`, plus a note when the call was read other than as
 * written: a `body` string that holds a JSON object or array (models often
 * encode the body twice) is sent as that object or array.
 */
export function normalizeToolCallWithNote(input: unknown): NormalizedToolCall {
  const result = toolCallSchema.safeParse(input);
  if (!result.success) {
    const { issues } = result.error;
    const onlyMethod = issues.every((issue) => issue.path.length === 1 && issue.path[0] === "method");
    const onlyUnknown = issues.every((issue) => issue.code === "unrecognized_keys");
    const details = issues.map(describeIssue);
    const reason = onlyMethod ? "INVALID_METHOD" : onlyUnknown ? "UNKNOWN_ARGUMENT" : "INVALID_INPUT";
    const firstUnknown = issues[0]?.code === "unrecognized_keys" ? issues[0].keys[0] : undefined;
    return fail(reason, firstUnknown ?? (issues[0]?.path.join(".") || "input"), `invalid call: ${details.join("; ")}`);
  }
  const { method, path } = result.data;
  const query = queryWithEveryName(result.data.query, input);
  let { body, _rawBody: rawBody, _contentType: contentType } = result.data;

  if (isPlainObject(body) && ("_rawBody" in body || "_contentType" in body)) {
    const { _rawBody: innerRawBody, _contentType: innerContentType, ...rest } = body;
    const otherKeys = Object.keys(rest);
    if ("_rawBody" in body) {
      if (otherKeys.length > 0) {
        fail(
          "BODY_CONFLICT",
          "body",
          `body: _rawBody cannot sit next to other keys (${otherKeys.join(", ")}); send either a JSON body or _rawBody alone`,
        );
      }
      if (typeof innerRawBody !== "string")
        fail("INVALID_INPUT", "body._rawBody", "invalid call: body._rawBody: must be a string");
      if (rawBody !== undefined)
        fail(
          "BODY_CONFLICT",
          "body._rawBody",
          "_rawBody is given both at the top level and inside body; give it once, at the top level",
        );
      rawBody = innerRawBody as string;
      body = undefined;
    } else {
      body = otherKeys.length > 0 ? rest : undefined;
    }
    if (innerContentType !== undefined) {
      if (typeof innerContentType !== "string")
        fail("INVALID_INPUT", "body._contentType", "invalid call: body._contentType: must be a string");
      if (contentType !== undefined && contentType !== innerContentType) {
        fail(
          "BODY_CONFLICT",
          "body._contentType",
          "_contentType is given twice with different values (top level and inside body); give it once",
        );
      }
      contentType = innerContentType as string;
    }
  }
  if (body === null) body = undefined;
  let note: string | undefined;
  if (typeof body === "string" && rawBody === undefined) {
    const parsed = parseJsonContainer(body);
    if (parsed !== undefined) {
      body = parsed;
      note =
        "body was a string holding JSON: it was sent as that JSON value, not as a string; to send a JSON string on purpose, use _rawBody with _contentType";
    }
  }

  if (body !== undefined && rawBody !== undefined) {
    fail("BODY_CONFLICT", "_rawBody", "give either body (sent as JSON) or _rawBody (sent as it stands), not both");
  }
  const hasBody = body !== undefined || rawBody !== undefined;
  if (hasBody && (method === "GET" || method === "HEAD")) {
    fail(
      "BODY_NOT_ALLOWED",
      rawBody === undefined ? "body" : "_rawBody",
      `${method} requests cannot have a body; remove it, put the values in query, or use POST`,
    );
  }
  if (contentType !== undefined) {
    if (!hasBody)
      fail(
        "CONTENT_TYPE_WITHOUT_BODY",
        "_contentType",
        "_contentType sets the type of a body, but the call has none; add _rawBody (or body) or remove _contentType",
      );
    if (!mediaTypePattern.test(contentType)) {
      fail(
        "INVALID_CONTENT_TYPE",
        "_contentType",
        `_contentType ${quoteValue(contentType)} is not a media type; use one such as "application/xml" or "text/csv; charset=utf-8"`,
      );
    }
  }

  const call: ParsedToolCall = { method, path };
  if (query !== undefined) call.query = query;
  if (body !== undefined) call.body = body;
  if (rawBody !== undefined) call._rawBody = rawBody;
  if (contentType !== undefined) call._contentType = contentType;
  return note === undefined ? { call } : { call, note };
}

/** The object or array a string holds as JSON, or `undefined` (not JSON, or a JSON scalar). */
function parseJsonContainer(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== "{" && start !== "[") return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
