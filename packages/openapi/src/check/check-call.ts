import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { IndexedOperation, OperationIndex } from "../index/operation-index";
import { schemaReferencePrefix } from "../index/resolve-reference";
import { createOperationMatcher } from "./match-operation";

/** A call as the checker reads it: the agent's method, path, query and body. */
export interface CallToCheck {
  /** Upper case. */
  method: string;
  /** Relative to the source's base URL; may carry a query string. */
  path: string;
  query?: Record<string, unknown> | undefined;
  /** The JSON body, when one is given. */
  body?: unknown;
  /** True when a raw body (`_rawBody`) is sent instead: its content is not checked. */
  rawBody?: boolean;
}

/** What the checker needs to know about the source. */
export interface CallCheckContext {
  /** The source's base URL (its path is lined up with the document's server path). */
  baseUrl: string;
  /** Headers the service sends on every request (fixed headers), by lower-case name, and auth header names with any value. */
  headers?: Record<string, string>;
}

/** One reason a call breaks the document. */
export interface CallProblem {
  /** `path`, `method`, `path.owner`, `query.per_page`, `header.x-api-version`, `body`, `body.title`... */
  field: string;
  /** What was expected, e.g. `is required`, `must be integer`, `must be one of "open", "closed"`. */
  message: string;
  /** The validator's schema path, e.g. `#/properties/title/type`. */
  schemaPath?: string;
}

/** The outcome of a check: the operation the call matched (if any) and what is wrong with it (empty: fine). */
export interface CallCheckResult {
  operation?: { operationId: string; method: string; path: string };
  problems: CallProblem[];
  /** When nothing matched: the three closest operations. */
  closest?: { operationId: string; method: string; path: string }[];
}

/** Most problems reported for one call. */
const maxProblems = 5;
const componentsId = "src:openapi-components";
/** Header parameters OpenAPI says to ignore, and those the service sets itself. */
const ignoredHeaders = new Set(["accept", "content-type", "authorization", "user-agent", "content-length", "host"]);

type UnknownRecord = Record<string, unknown>;

/** `$ref`s into `components.schemas` pointed at the document's components, registered once per validator. */
function withComponentReferences(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withComponentReferences);
  if (typeof schema !== "object" || schema === null) return schema;
  const result: UnknownRecord = {};
  for (const [key, value] of Object.entries(schema)) {
    result[key] =
      key === "$ref" && typeof value === "string" && value.startsWith(schemaReferencePrefix)
        ? `${componentsId}${value}`
        : withComponentReferences(value);
  }
  return result;
}

const brief = (operation: IndexedOperation): { operationId: string; method: string; path: string } => ({
  operationId: operation.operationId,
  method: operation.method,
  path: operation.path,
});

function fieldOf(prefix: string, error: ErrorObject): string {
  const pointer = error.instancePath
    .split("/")
    .slice(1)
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"));
  const missing =
    error.keyword === "required" ? (error.params as { missingProperty?: string }).missingProperty : undefined;
  const extra =
    error.keyword === "additionalProperties"
      ? (error.params as { additionalProperty?: string }).additionalProperty
      : undefined;
  return [prefix, ...pointer, ...(missing === undefined ? [] : [missing]), ...(extra === undefined ? [] : [extra])]
    .filter((part) => part !== "")
    .join(".");
}

function messageOf(error: ErrorObject): string {
  switch (error.keyword) {
    case "required":
      return "is required";
    case "enum": {
      const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      return `must be one of ${allowed
        .slice(0, 12)
        .map((value) => JSON.stringify(value))
        .join(", ")}${allowed.length > 12 ? ", …" : ""}`;
    }
    case "additionalProperties":
      return "is not a field of this operation";
    case "type":
      return `must be of type ${String((error.params as { type?: unknown }).type)}`;
    default:
      return error.message ?? "is not valid";
  }
}

/**
 * Checks calls against an index: the operation by method and path template,
 * then its required path, query and header parameters, their types and enums
 * (query and path values are strings on the wire, so `"5"` is an integer),
 * and the JSON body against the request body schema (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses it; the formats ajv-formats knows, in its full mode). Validators are
 * compiled once per operation, on its first call.
 */
export function createCallChecker(
  index: OperationIndex,
): (call: CallToCheck, context: CallCheckContext) => CallCheckResult {
  const matcher = createOperationMatcher(index);
  let ajv: { parameters: Ajv2020; body: Ajv2020 } | undefined;
  const validators = new Map<string, { parameters: ValidateFunction; body?: ValidateFunction | undefined }>();

  const createAjv = (coerce: boolean): Ajv2020 => {
    // Formats ajv-formats knows are checked (`date-time`, `email`, `uuid`, `uri`, `int32`...); others are ignored.
    const instance = new Ajv2020({
      strict: false,
      allErrors: true,
      coerceTypes: coerce ? "array" : false,
      logger: false,
    });
    addFormats(instance, { mode: "full", keywords: false });
    instance.addSchema({ $id: componentsId, components: { schemas: index.schemas } });
    return instance;
  };

  const validatorsOf = (
    operation: IndexedOperation,
  ): { parameters: ValidateFunction; body?: ValidateFunction | undefined } => {
    const known = validators.get(operation.operationId);
    if (known !== undefined) return known;
    ajv ??= { parameters: createAjv(true), body: createAjv(false) };
    const group = (location: string): UnknownRecord => {
      const parameters = operation.parameters.filter(
        (parameter) =>
          parameter.in === location && !(location === "header" && ignoredHeaders.has(parameter.name.toLowerCase())),
      );
      const key = (name: string): string => (location === "header" ? name.toLowerCase() : name);
      return {
        type: "object",
        properties: Object.fromEntries(
          parameters.map((parameter) => [key(parameter.name), withComponentReferences(parameter.schema ?? {})]),
        ),
        required: parameters.filter((parameter) => parameter.required).map((parameter) => key(parameter.name)),
      };
    };
    const parameters = ajv.parameters.compile({
      type: "object",
      properties: { path: group("path"), query: group("query"), header: group("header") },
    });
    const bodySchema = operation.requestBody?.schema;
    const body =
      bodySchema === undefined ? undefined : ajv.body.compile(withComponentReferences(bodySchema) as UnknownRecord);
    const compiled = { parameters, body };
    validators.set(operation.operationId, compiled);
    return compiled;
  };

  return (call, context) => {
    const found = matcher.match(call.method, call.path, context.baseUrl);
    if (found === undefined) {
      const closest = matcher.closest(call.method, call.path).map(brief);
      return {
        problems: [
          {
            field: "path",
            message: `no operation of the document matches ${call.method} ${call.path.split("?")[0] ?? ""}`,
          },
        ],
        closest,
      };
    }
    const { operation, pathParameters } = found;
    const problems: CallProblem[] = [];
    const query: UnknownRecord = {};
    const questionMark = call.path.indexOf("?");
    if (questionMark >= 0)
      for (const [name, value] of new URLSearchParams(call.path.slice(questionMark + 1))) query[name] = value;
    for (const [name, value] of Object.entries(call.query ?? {}))
      if (value !== null && value !== undefined) query[name] = value;
    const header: UnknownRecord = { ...context.headers };
    const decodedPath = Object.fromEntries(
      Object.entries(pathParameters).map(([name, value]) => [name, safeDecode(value)]),
    );
    const data = structuredClone({ path: decodedPath, query, header });
    const validate = validatorsOf(operation);
    if (!validate.parameters(data)) {
      for (const error of validate.parameters.errors ?? []) {
        const field = fieldOf("", error);
        const message = messageOf(error);
        problems.push({
          field,
          message:
            field.startsWith("header.") && error.keyword === "required"
              ? `${message}: agents cannot send headers, so an operator must add it to the source's api.headers`
              : message,
          schemaPath: schemaPathOf(error),
        });
      }
    }
    const requestBody = operation.requestBody;
    if (requestBody !== undefined && call.body === undefined && call.rawBody !== true && requestBody.required) {
      problems.push({ field: "body", message: `is required (${requestBody.mediaTypes.join(", ") || "a body"})` });
    } else if (
      call.body !== undefined &&
      call.rawBody !== true &&
      validate.body !== undefined &&
      !validate.body(call.body)
    ) {
      for (const error of validate.body.errors ?? [])
        problems.push({ field: fieldOf("body", error), message: messageOf(error), schemaPath: schemaPathOf(error) });
    }
    return { operation: brief(operation), problems: dedupe(problems).slice(0, maxProblems) };
  };
}

/** The validator's schema path, a `#/components/schemas/...` one as the document spells it. */
const schemaPathOf = (error: ErrorObject): string =>
  error.schemaPath.startsWith(componentsId) ? error.schemaPath.slice(componentsId.length) : error.schemaPath;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function dedupe(problems: CallProblem[]): CallProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.field}\u0000${problem.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
