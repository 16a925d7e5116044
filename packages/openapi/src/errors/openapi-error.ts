import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.openapi.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/openapi`, for callers that branch on them. */
export const OPENAPI_ERROR_CODES = {
  /** The document is not JSON/YAML, not OpenAPI 3.0/3.1 or Swagger 2.0, or breaks the specification; see `problems`. */
  INVALID_DOCUMENT: "INVALID_DOCUMENT",
  /** The document file (or URL) could not be read. */
  DOCUMENT_UNREADABLE: "DOCUMENT_UNREADABLE",
  /** No operation has the operationId asked for. */
  UNKNOWN_OPERATION: "UNKNOWN_OPERATION",
} as const;

export type OpenApiErrorCode = (typeof OPENAPI_ERROR_CODES)[keyof typeof OPENAPI_ERROR_CODES];

const kindOfCode: Record<OpenApiErrorCode, ErrorKind> = {
  INVALID_DOCUMENT: ERROR_KINDS.INVALID_INPUT,
  DOCUMENT_UNREADABLE: ERROR_KINDS.INVALID_INPUT,
  UNKNOWN_OPERATION: ERROR_KINDS.NOT_FOUND,
};

/** One thing wrong with a document: where (a JSON pointer, or line and column) and what. */
export interface DocumentProblem {
  /** A JSON pointer such as `/paths/~1pets/get`, or `line 9, column 1`; empty for the whole document. */
  location: string;
  message: string;
}

/** Base error of `@src/openapi`. `OpenApiError.isInstance` works across duplicate installs. */
export class OpenApiError extends SrcError<OpenApiErrorCode> {
  private readonly [symbol] = true;
  /** For `INVALID_DOCUMENT`: what the parser found, at most 20. Empty otherwise. */
  readonly problems: readonly DocumentProblem[];

  constructor({ code, message, problems = [], cause }: { code: OpenApiErrorCode; message: string; problems?: readonly DocumentProblem[]; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "OpenApiError";
    this.problems = problems;
  }

  static override isInstance(error: unknown): error is OpenApiError {
    return SrcError.hasMarker(error, marker);
  }
}
