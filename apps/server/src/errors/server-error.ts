import { ERROR_KINDS, errorBase } from "@src/errors";

/** One of `SERVER_ERROR_CODES`. */
export type ServerErrorCode = keyof typeof SERVER_ERROR_CODES;

/**
 * Base error of `@src/server`, with each of its codes and the kind that gives
 * its HTTP status (see `@src/errors`). `ServerError.isInstance` works across
 * duplicate installs. Messages never hold a secret.
 */
export class ServerError extends errorBase({
  name: "ServerError",
  marker: "src.server.error",
  kindOfCode: {
    /** The `Authorization: Bearer <token>` header is missing or wrong. HTTP 401. */
    UNAUTHORIZED: ERROR_KINDS.UNAUTHORIZED,
    /** An agent token used on a route other than the tool routes and `/mcp`, or on a source outside its set. HTTP 403. */
    FORBIDDEN: ERROR_KINDS.FORBIDDEN,
    /** The request's `Host` is neither the listening address nor a name given with `--allowed-host` (DNS rebinding guard). HTTP 403. */
    HOST_NOT_ALLOWED: ERROR_KINDS.FORBIDDEN,
    /** A browser request from an origin not given with `--cors-origin`. HTTP 403. */
    ORIGIN_NOT_ALLOWED: ERROR_KINDS.FORBIDDEN,
    /** An agent token's name, sources or lifetime is malformed. HTTP 422. */
    INVALID_AGENT_TOKEN_REQUEST: ERROR_KINDS.INVALID_INPUT,
    /** No agent token has that name. HTTP 404. */
    AGENT_TOKEN_NOT_FOUND: ERROR_KINDS.NOT_FOUND,
    /** An agent token with that name exists already. HTTP 409. */
    DUPLICATE_AGENT_TOKEN: ERROR_KINDS.CONFLICT,
    /** `$SRC_HOME/agent-tokens.json` cannot be read as a token file; it is never overwritten: the operator repairs or moves the file. HTTP 500. */
    AGENT_TOKENS_DAMAGED: ERROR_KINDS.INTERNAL,
    /** Another process held the token file's lock too long. HTTP 503. */
    AGENT_TOKENS_LOCKED: ERROR_KINDS.UNAVAILABLE,
    /** The body is not JSON (wrong `Content-Type` or malformed). HTTP 400. */
    INVALID_JSON: ERROR_KINDS.INVALID_INPUT,
    /** The JSON body or the query does not have the route's shape; `details` lists every problem. HTTP 422. */
    INVALID_REQUEST: ERROR_KINDS.INVALID_INPUT,
    /** No such route. HTTP 404. */
    NOT_FOUND: ERROR_KINDS.NOT_FOUND,
    /** The body is larger than `limits.maxBodyBytes`. HTTP 413. */
    BODY_TOO_LARGE: ERROR_KINDS.INVALID_INPUT,
    /** The source has as many calls running and queued as its limits allow. HTTP 429 with `Retry-After`. */
    SOURCE_BUSY: ERROR_KINDS.UNAVAILABLE,
    /** The server is shutting down and takes no new agent calls. HTTP 503. */
    SHUTTING_DOWN: ERROR_KINDS.UNAVAILABLE,
    /** Refused to start: a non-loopback host without an explicit `SRC_SERVER_TOKEN`. */
    TOKEN_REQUIRED: ERROR_KINDS.MISCONFIGURED,
    /** Refused to start: `SRC_SERVER_TOKEN` or the token file is unusable. */
    INVALID_TOKEN: ERROR_KINDS.MISCONFIGURED,
    /** Refused to start: an `--allowed-host` or `--cors-origin` value is malformed. */
    INVALID_OPTION: ERROR_KINDS.MISCONFIGURED,
    /** Refused to start: the host and port are taken, by another server perhaps: try again once they are free, or choose another. */
    ADDRESS_IN_USE: ERROR_KINDS.UNAVAILABLE,
    /** `…/auth` or `…/auth/login` of a source whose auth mode has no sign-in steps. HTTP 409. */
    NO_SIGN_IN: ERROR_KINDS.CONFLICT,
    /** `…/auth/login` of a source that needs no person to sign in (OAuth 2.0's client credentials grant), or whose credential is not stored yet. HTTP 409. */
    SIGN_IN_NOT_POSSIBLE: ERROR_KINDS.CONFLICT,
    /** The sign-in redirect's `state` is missing, unknown, already used or expired. HTTP 422. Start the sign-in again; the link the browser followed is no longer good. */
    SIGN_IN_STATE_INVALID: ERROR_KINDS.INVALID_INPUT,
    /** An unexpected failure; the server log has the details. HTTP 500. */
    INTERNAL: ERROR_KINDS.INTERNAL,
  },
}) {}

/** Error codes of `@src/server`, as sent in `{ "error": { "code" } }` and for callers that branch on them. */
export const SERVER_ERROR_CODES = ServerError.codes;
