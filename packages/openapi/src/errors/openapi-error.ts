import { ERROR_KINDS, errorBase, type PackageErrorOptions } from "@src/errors";

/** One of `OPENAPI_ERROR_CODES`. */
export type OpenApiErrorCode = keyof typeof OPENAPI_ERROR_CODES;

/** One thing wrong with a document: where (a JSON pointer, or line and column) and what. */
export interface DocumentProblem {
  /** A JSON pointer such as `/paths/~1pets/get`, or `line 9, column 1`; empty for the whole document. */
  location: string;
  message: string;
}

/**
 * Base error of `@src/openapi`, with each of its codes and the kind the apps map
 * it to (see `@src/errors`). `OpenApiError.isInstance` works across duplicate installs.
 */
export class OpenApiError extends errorBase({
  name: "OpenApiError",
  marker: "src.openapi.error",
  kindOfCode: {
    /** The document is not JSON/YAML, not OpenAPI 3.0/3.1 or Swagger 2.0, or breaks the specification; see `problems`. */
    INVALID_DOCUMENT: ERROR_KINDS.INVALID_INPUT,
    /** The document file (or URL) could not be read. */
    DOCUMENT_UNREADABLE: ERROR_KINDS.INVALID_INPUT,
    /** No operation has the operationId asked for. */
    UNKNOWN_OPERATION: ERROR_KINDS.NOT_FOUND,
  },
}) {
  /** For `INVALID_DOCUMENT`: what the parser found, at most 20. Empty otherwise. */
  readonly problems: readonly DocumentProblem[];

  constructor({
    problems = [],
    ...options
  }: PackageErrorOptions<OpenApiErrorCode> & { problems?: readonly DocumentProblem[] }) {
    super(options);
    this.problems = problems;
  }
}

/** Error codes of `@src/openapi`, for callers that branch on them. */
export const OPENAPI_ERROR_CODES = OpenApiError.codes;
