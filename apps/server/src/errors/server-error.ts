import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.server.error";
const symbol = Symbol.for(marker);

/** Error codes of `@src/server`, as sent in `{ "error": { "code" } }` and for callers that branch on them. */
export const SERVER_ERROR_CODES = {
  /** The `Authorization: Bearer <token>` header is missing or wrong. HTTP 401. */
  UNAUTHORIZED: "UNAUTHORIZED",
  /** An agent token used on a route other than the tool routes and `/mcp`, or on a source outside its set. HTTP 403. */
  FORBIDDEN: "FORBIDDEN",
  /** The request's `Host` is neither the listening address nor a name given with `--allowed-host` (DNS rebinding guard). HTTP 403. */
  HOST_NOT_ALLOWED: "HOST_NOT_ALLOWED",
  /** A browser request from an origin not given with `--cors-origin`. HTTP 403. */
  ORIGIN_NOT_ALLOWED: "ORIGIN_NOT_ALLOWED",
  /** An agent token's name, sources or lifetime is malformed. HTTP 422. */
  INVALID_AGENT_TOKEN_REQUEST: "INVALID_AGENT_TOKEN_REQUEST",
  /** No agent token has that name. HTTP 404. */
  AGENT_TOKEN_NOT_FOUND: "AGENT_TOKEN_NOT_FOUND",
  /** An agent token with that name exists already. HTTP 409. */
  DUPLICATE_AGENT_TOKEN: "DUPLICATE_AGENT_TOKEN",
  /** `$SRC_HOME/agent-tokens.json` cannot be read as a token file; it is never overwritten. HTTP 500. */
  AGENT_TOKENS_DAMAGED: "AGENT_TOKENS_DAMAGED",
  /** Another process held the token file's lock too long. HTTP 503. */
  AGENT_TOKENS_LOCKED: "AGENT_TOKENS_LOCKED",
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
  /** Refused to start: an `--allowed-host` or `--cors-origin` value is malformed. */
  INVALID_OPTION: "INVALID_OPTION",
  /** Refused to start: the host and port are taken, by another server perhaps. */
  ADDRESS_IN_USE: "ADDRESS_IN_USE",
  /** `…/auth` or `…/auth/login` of a source whose auth mode has no sign-in steps. HTTP 409. */
  NO_SIGN_IN: "NO_SIGN_IN",
  /** `…/auth/login` of a source that needs no person to sign in (OAuth 2.0's client credentials grant), or whose credential is not stored yet. HTTP 409. */
  SIGN_IN_NOT_POSSIBLE: "SIGN_IN_NOT_POSSIBLE",
  /** The sign-in redirect's `state` is missing, unknown, already used or expired. HTTP 422. */
  SIGN_IN_STATE_INVALID: "SIGN_IN_STATE_INVALID",
  /** An unexpected failure; the server log has the details. HTTP 500. */
  INTERNAL: "INTERNAL",
} as const;

export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[keyof typeof SERVER_ERROR_CODES];

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<ServerErrorCode, ErrorKind> = {
  UNAUTHORIZED: ERROR_KINDS.UNAUTHORIZED,
  FORBIDDEN: ERROR_KINDS.FORBIDDEN,
  HOST_NOT_ALLOWED: ERROR_KINDS.FORBIDDEN,
  ORIGIN_NOT_ALLOWED: ERROR_KINDS.FORBIDDEN,
  INVALID_AGENT_TOKEN_REQUEST: ERROR_KINDS.INVALID_INPUT,
  AGENT_TOKEN_NOT_FOUND: ERROR_KINDS.NOT_FOUND,
  DUPLICATE_AGENT_TOKEN: ERROR_KINDS.CONFLICT,
  /** Never overwritten: the operator repairs or moves the file. */
  AGENT_TOKENS_DAMAGED: ERROR_KINDS.INTERNAL,
  AGENT_TOKENS_LOCKED: ERROR_KINDS.UNAVAILABLE,
  INVALID_OPTION: ERROR_KINDS.MISCONFIGURED,
  INVALID_JSON: ERROR_KINDS.INVALID_INPUT,
  INVALID_REQUEST: ERROR_KINDS.INVALID_INPUT,
  NOT_FOUND: ERROR_KINDS.NOT_FOUND,
  BODY_TOO_LARGE: ERROR_KINDS.INVALID_INPUT,
  SOURCE_BUSY: ERROR_KINDS.UNAVAILABLE,
  SHUTTING_DOWN: ERROR_KINDS.UNAVAILABLE,
  TOKEN_REQUIRED: ERROR_KINDS.MISCONFIGURED,
  INVALID_TOKEN: ERROR_KINDS.MISCONFIGURED,
  /** The port is taken, perhaps by another server: try again once it is free, or choose another. */
  ADDRESS_IN_USE: ERROR_KINDS.UNAVAILABLE,
  NO_SIGN_IN: ERROR_KINDS.CONFLICT,
  SIGN_IN_NOT_POSSIBLE: ERROR_KINDS.CONFLICT,
  /** Start the sign-in again; the link the browser followed is no longer good. */
  SIGN_IN_STATE_INVALID: ERROR_KINDS.INVALID_INPUT,
  INTERNAL: ERROR_KINDS.INTERNAL,
};

/** Base error of `@src/server`. `ServerError.isInstance` works across duplicate installs. Messages never hold a secret. */
export class ServerError extends SrcError<ServerErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: ServerErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "ServerError";
  }

  static override isInstance(error: unknown): error is ServerError {
    return SrcError.hasMarker(error, marker);
  }
}
