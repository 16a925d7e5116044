import { normalize, upgrade, validate } from "@scalar/openapi-parser";
import { OPENAPI_ERROR_CODES, OpenApiError, type DocumentProblem } from "../errors/openapi-error";
import { jsonSyntaxProblem } from "./json-syntax-problem";

/** A document read and checked: upgraded to OpenAPI 3.1 (Swagger 2.0 and 3.0 are converted). */
export interface LoadedOpenApiDocument {
  /** The document as OpenAPI 3.1, `$ref`s kept. */
  document: Record<string, unknown>;
  /** The version the document was written in: `2.0`, `3.0`, `3.1`. */
  writtenIn: string;
}

/** Most problems kept in an `INVALID_DOCUMENT` error. */
const maxProblems = 20;

/**
 * Parses a JSON or YAML OpenAPI document, checks it against its specification
 * (`@scalar/openapi-parser`: schema, semantic rules, resolvable `$ref`s) and
 * upgrades it to 3.1. Throws `OpenApiError` `INVALID_DOCUMENT` naming where each
 * problem is (JSON pointer, or line and column for a syntax error).
 * `name` names the document in messages (a file or a URL).
 */
export async function loadOpenApiDocument(
  text: string,
  { name = "the OpenAPI document" }: { name?: string } = {},
): Promise<LoadedOpenApiDocument> {
  let parsed: unknown;
  // `normalize` gives `undefined`, not the reason, for JSON it cannot parse: JSON is
  // parsed here (as `normalize` would, a leading BOM dropped), YAML by `normalize`.
  const json = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (/^[ \t\n\r]*[[{]/.test(json)) {
    try {
      parsed = JSON.parse(json) as unknown;
    } catch (error) {
      throw invalid(name, [jsonSyntaxProblem(json, error)], error);
    }
  } else {
    try {
      parsed = normalize(text);
    } catch (error) {
      const message = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
      const where = /at line (\d+), column (\d+)/.exec(error instanceof Error ? error.message : "");
      const location = where === null ? "" : `line ${where[1]}, column ${where[2]}`;
      throw invalid(name, [{ location, message: message.replace(/ at line \d+, column \d+:?$/, "") }], error);
    }
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw invalid(name, [{ location: "", message: "is not a JSON or YAML object" }]);
  }
  const record = parsed as Record<string, unknown>;
  const writtenIn =
    typeof record.openapi === "string"
      ? record.openapi.slice(0, 3)
      : typeof record.swagger === "string"
        ? record.swagger.slice(0, 3)
        : "";
  if (!["2.0", "3.0", "3.1"].includes(writtenIn)) {
    throw invalid(name, [{ location: "/openapi", message: 'must be "3.0.x" or "3.1.x" (or "swagger": "2.0")' }]);
  }
  const validation = await validate(record);
  if (!validation.valid) {
    const problems = (validation.errors ?? []).slice(0, maxProblems).map((problem) => ({
      location: Array.isArray(problem.path) ? `/${problem.path.join("/")}` : (problem.path ?? ""),
      message: problem.message,
    }));
    throw invalid(
      name,
      problems.length > 0 ? problems : [{ location: "", message: "is not a valid OpenAPI document" }],
    );
  }
  const upgraded = upgrade(record).specification as Record<string, unknown> | null;
  if (upgraded === null)
    throw invalid(name, [{ location: "/openapi", message: "could not be converted to OpenAPI 3.1" }]);
  return { document: upgraded, writtenIn };
}

function invalid(name: string, problems: DocumentProblem[], cause?: unknown): OpenApiError {
  const first = problems[0];
  const where = first === undefined || first.location === "" ? "" : ` at ${first.location}`;
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length === 2 ? "" : "s"})` : "";
  return new OpenApiError({
    code: OPENAPI_ERROR_CODES.INVALID_DOCUMENT,
    message: `${name} is not a valid OpenAPI document${where}: ${first?.message ?? "unknown problem"}${more}; fix the document, or remove api.openapi to use the source without one`,
    problems,
    cause,
  });
}
