import { SERVER_ERROR_CODES, ServerError } from "./errors/server-error";
import { SourceBusyError } from "./errors/source-busy-error";

/** The JSON error body of every failed route. */
export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/** An HTTP answer for a failure: status, JSON body and extra headers. */
export interface ErrorResponse {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 503;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** HTTP status of each error code of the src packages (config, auth, vault, service, server). Codes not listed are 500. */
export const httpStatusOfErrorCode: Record<string, ErrorResponse["status"]> = {
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  HOST_NOT_ALLOWED: 403,
  ORIGIN_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  AGENT_TOKEN_NOT_FOUND: 404,
  DUPLICATE_AGENT_TOKEN: 409,
  INVALID_AGENT_TOKEN_REQUEST: 422,
  AGENT_TOKENS_LOCKED: 503,
  SOURCE_NOT_FOUND: 404,
  UNKNOWN_TOOL: 404,
  DUPLICATE_SLUG: 409,
  BODY_TOO_LARGE: 413,
  INVALID_REQUEST: 422,
  INVALID_SOURCE: 422,
  INVALID_CREDENTIAL: 422,
  UNKNOWN_AUTH_TYPE: 422,
  CREDENTIAL_REQUIRED: 422,
  INVALID_SLUG: 422,
  SOURCE_BUSY: 429,
  SHUTTING_DOWN: 503,
  LOCKED: 503,
  SOURCE_LOCKED: 503,
};

/** True for errors of the src packages: each base error carries a `Symbol.for("src.<package>.error")` marker. */
export function isSrcError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error) || typeof (error as { code?: unknown }).code !== "string") return false;
  return Object.getOwnPropertySymbols(error).some((symbol) => /^src\.[a-z-]+\.error$/.test(symbol.description ?? ""));
}

/** Field problems of an error as `{ path, message }` rows; never the offending values. */
function detailsOf(error: Error): { path: string; message: string }[] | undefined {
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.map((issue: { path?: unknown; message?: unknown }) => ({
    path: Array.isArray(issue.path) ? issue.path.map(String).join(".") || "(body)" : typeof issue.path === "string" ? issue.path : "(body)",
    message: typeof issue.message === "string" ? issue.message : "invalid",
  }));
}

/**
 * Turns any thrown value into the HTTP answer. Errors of the src packages keep
 * their code and message (written for users, never holding a secret); anything
 * else becomes a 500 `INTERNAL` whose details stay in the server log.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (!isSrcError(error)) {
    return {
      status: 500,
      body: { error: { code: SERVER_ERROR_CODES.INTERNAL, message: "internal error; the server log has the details" } },
      headers: {},
    };
  }
  const status = httpStatusOfErrorCode[error.code] ?? 500;
  const details = detailsOf(error);
  const headers: Record<string, string> = {};
  if (error instanceof SourceBusyError || (ServerError.isInstance(error) && error.code === SERVER_ERROR_CODES.SOURCE_BUSY)) {
    headers["retry-after"] = String((error as SourceBusyError).retryAfterSeconds ?? 1);
  }
  return { status, body: { error: { code: error.code, message: error.message, ...(details === undefined ? {} : { details }) } }, headers };
}
