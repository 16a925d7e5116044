import { SrcError, type ErrorKind } from "@src/errors";
import { SERVER_ERROR_CODES, ServerError, type ServerErrorCode } from "./errors/server-error";
import { SourceBusyError } from "./errors/source-busy-error";

/** The JSON error body of every failed route. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** An HTTP answer for a failure: status, JSON body and extra headers. */
/** The JSON error body of a refusal made here (not from a thrown error): `{ error: { code, message } }`. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

export interface ErrorResponse {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;
  body: ErrorBody;
  headers: Record<string, string>;
}

/**
 * HTTP status of each kind of error, for every package at once (see
 * `@src/errors`). The server's own settings being wrong (`misconfigured`) is
 * not the client's fault: 500. A cancelled operation has no client left to
 * read its answer (nginx's 499 is no status hono sends): 500.
 */
export const httpStatusOfErrorKind: Readonly<Record<ErrorKind, ErrorResponse["status"]>> = {
  invalid_input: 422,
  not_found: 404,
  conflict: 409,
  unauthorized: 401,
  forbidden: 403,
  misconfigured: 500,
  unavailable: 503,
  cancelled: 500,
  internal: 500,
};

/** The server's codes that need a status of their own rather than their kind's. */
const httpStatusOfServerCode: Partial<Readonly<Record<ServerErrorCode, ErrorResponse["status"]>>> = {
  /** Not JSON at all, rather than JSON of the wrong shape (422). */
  INVALID_JSON: 400,
  BODY_TOO_LARGE: 413,
  /** Sent with `Retry-After`. */
  SOURCE_BUSY: 429,
};

/** The HTTP status of an error of the src packages: its code's own status if it has one, else its kind's. */
export function httpStatusOfError(error: SrcError): ErrorResponse["status"] {
  const ownStatus = ServerError.isInstance(error) ? httpStatusOfServerCode[error.code] : undefined;
  return ownStatus ?? httpStatusOfErrorKind[error.kind];
}

/** Field problems of an error as `{ path, message }` rows; never the offending values. */
function detailsOf(error: Error): { path: string; message: string }[] | undefined {
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.map((issue: { path?: unknown; message?: unknown }) => ({
    path: Array.isArray(issue.path)
      ? issue.path.map(String).join(".") || "(body)"
      : typeof issue.path === "string"
        ? issue.path
        : "(body)",
    message: typeof issue.message === "string" ? issue.message : "invalid",
  }));
}

/**
 * Turns any thrown value into the HTTP answer. Errors of the src packages keep
 * their code and message (written for users, never holding a secret); anything
 * else becomes a 500 `INTERNAL` whose details stay in the server log.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (!SrcError.isInstance(error)) {
    return {
      status: 500,
      body: { error: { code: SERVER_ERROR_CODES.INTERNAL, message: "internal error; the server log has the details" } },
      headers: {},
    };
  }
  const status = httpStatusOfError(error);
  const details = detailsOf(error);
  const message = onTheServersMachine(error) ? serverStateMessage(error) : error.message;
  const headers: Record<string, string> = {};
  if (SourceBusyError.isInstance(error)) headers["retry-after"] = String(error.retryAfterSeconds);
  else if (ServerError.isInstance(error) && error.code === SERVER_ERROR_CODES.SOURCE_BUSY) headers["retry-after"] = "1";
  return {
    status,
    body: { error: { code: error.code, message, ...(details === undefined ? {} : { details }) } },
    headers,
  };
}

/**
 * An error about a file of the server's own machine (the vault, its key, its lock): its message names that
 * file and the CLI command that repairs it, which are the operator's business, not the caller's.
 */
function onTheServersMachine(error: SrcError): boolean {
  const file = (error as { file?: unknown }).file;
  return typeof file === "string" && (error.kind === "internal" || error.kind === "unavailable");
}

/** What the caller is told instead: the code, whether to retry, and that the server log has the rest. */
function serverStateMessage(error: SrcError): string {
  return error.kind === "unavailable"
    ? `the server's stored state is busy (${error.code}); try again shortly`
    : `the server's stored state cannot be used (${error.code}); the server's operator has the details in its log`;
}
