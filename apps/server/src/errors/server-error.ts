const symbol = Symbol.for("src.server.error");

/** Error codes of `@src/server`, as sent in `{ "error": { "code" } }` and for callers that branch on them. */
export const SERVER_ERROR_CODES = {
  /** The `Authorization: Bearer <token>` header is missing or wrong. HTTP 401. */
  UNAUTHORIZED: "UNAUTHORIZED",
  /** The body is not JSON (wrong `Content-Type` or malformed). HTTP 400. */
  INVALID_JSON: "INVALID_JSON",
  /** The JSON body or the query does not have the route's shape; `details` lists every problem. HTTP 422. */
  INVALID_REQUEST: "INVALID_REQUEST",
  /** No such route. HTTP 404. */
  NOT_FOUND: "NOT_FOUND",
  /** The body is larger than `limits.maxBodyBytes`. HTTP 413. */
  BODY_TOO_LARGE: "BODY_TOO_LARGE",
  /** The source has as many calls running and queued as its limits allow. HTTP 429 with `Retry-After`. */
  SOURCE_BUSY: "SOURCE_BUSY",
  /** The server is shutting down and takes no new agent calls. HTTP 503. */
  SHUTTING_DOWN: "SHUTTING_DOWN",
  /** Refused to start: a non-loopback host without an explicit `SRC_SERVER_TOKEN`. */
  TOKEN_REQUIRED: "TOKEN_REQUIRED",
  /** Refused to start: `SRC_SERVER_TOKEN` or the token file is unusable. */
  INVALID_TOKEN: "INVALID_TOKEN",
  /** Refused to start: the host and port are taken, by another server perhaps. */
  ADDRESS_IN_USE: "ADDRESS_IN_USE",
  /** An unexpected failure; the server log has the details. HTTP 500. */
  INTERNAL: "INTERNAL",
} as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[keyof typeof SERVER_ERROR_CODES];

/** Base error of `@src/server`. `ServerError.isInstance` works across duplicate installs. Messages never hold a secret. */
export class ServerError extends Error {
  private readonly [symbol] = true;
  readonly code: ServerErrorCode;

  constructor({ code, message, cause }: { code: ServerErrorCode; message: string; cause?: unknown }) {
    super(message, { cause });
    this.name = "ServerError";
    this.code = code;
  }

  static isInstance(error: unknown): error is ServerError {
    return typeof error === "object" && error !== null && symbol in error;
  }
}
