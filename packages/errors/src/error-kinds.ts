/**
 * What kind of failure an error is, independent of the package that threw it.
 * Each app maps a kind once: the CLI to an exit code, the server to an HTTP
 * status. A package gives every one of its codes a kind; callers that need
 * finer detail branch on the `code`.
 */
export const ERROR_KINDS = {
  /** The caller's input is wrong: a field, a flag, a body, a credential. Fixing the input fixes it. CLI exit 2, HTTP 422. */
  INVALID_INPUT: "invalid_input",
  /** The thing named (a source, a tool, a route) does not exist. CLI exit 2, HTTP 404. */
  NOT_FOUND: "not_found",
  /** The request clashes with what exists (a slug that is taken). CLI exit 2, HTTP 409. */
  CONFLICT: "conflict",
  /** The caller did not prove who it is (missing or wrong token). CLI exit 1, HTTP 401. */
  UNAUTHORIZED: "unauthorized",
  /** The caller is known but not allowed to do this. CLI exit 1, HTTP 403. */
  FORBIDDEN: "forbidden",
  /**
   * The process's own settings are wrong: an environment variable, a start-up
   * flag, a plugin module. The person running the CLI can fix it (exit 2); an
   * HTTP client cannot, so the server answers 500.
   */
  MISCONFIGURED: "misconfigured",
  /** Not possible right now (a lock held by another process, shutting down, busy); retrying later can work. CLI exit 1, HTTP 503. */
  UNAVAILABLE: "unavailable",
  /** The person or the client cancelled the operation; nothing was changed. CLI exit 130; HTTP 500 (no client is left to read it). */
  CANCELLED: "cancelled",
  /** The operation ran and failed on this side: a damaged or unreadable file, a wrong vault key, a faulty plugin, a bug. CLI exit 1, HTTP 500. */
  INTERNAL: "internal",
} as const;

export type ErrorKind = (typeof ERROR_KINDS)[keyof typeof ERROR_KINDS];
