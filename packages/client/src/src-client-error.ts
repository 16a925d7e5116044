import { SrcError, type ErrorKind } from "@src/errors";
import type { ToolResult } from "./server-api-types";

/** The codes the client gives failures without a server answer; a server answer keeps the server's code. */
export const CLIENT_ERROR_CODES = {
  /** No connection could be made, or it broke (wrong URL, server down, DNS, TLS). */
  SERVER_UNREACHABLE: "SERVER_UNREACHABLE",
  /** No answer within the timeout, retries included. */
  SERVER_TIMEOUT: "SERVER_TIMEOUT",
  /** The answer is not the server's JSON (a proxy's page, another program on that port). */
  UNEXPECTED_RESPONSE: "UNEXPECTED_RESPONSE",
  /** The caller's `signal` aborted the request. */
  CANCELLED: "CANCELLED",
  /** An option of `createSrcClient` is wrong (the base URL, a timeout). */
  INVALID_CLIENT_OPTION: "INVALID_CLIENT_OPTION",
} as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES];

/** One field problem the server reported: where, and what is wrong (never the value). */
export interface ErrorDetail {
  path: string;
  message: string;
}

/** What a `SrcClientError` is built from. */
export interface SrcClientErrorOptions {
  /** The server's `error.code`, or one of `CLIENT_ERROR_CODES`. */
  code: string;
  message: string;
  /** The HTTP status of the server's answer; `null` when there was none. */
  status: number | null;
  /** The server's field problems (422), if any. */
  details?: readonly ErrorDetail[];
  /** `METHOD path` of the request, e.g. `GET /v1/sources/github`. */
  request?: string;
  /** The tool result a refused tool call's answer carried (403 POLICY_DENIED, 429 RATE_LIMITED...), as the server sent it. */
  toolResult?: ToolResult | undefined;
  cause?: unknown;
}

/** The kind of a server answer's status, so the apps map it as they map their own errors (CLI exit code, HTTP status). */
export function errorKindOfStatus(status: number): ErrorKind {
  if (status === 400 || status === 413 || status === 422) return "invalid_input";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 408 || status === 429 || status === 502 || status === 503 || status === 504) return "unavailable";
  return "internal";
}

const kindOfClientCode: Readonly<Record<ClientErrorCode, ErrorKind>> = {
  SERVER_UNREACHABLE: "unavailable",
  SERVER_TIMEOUT: "unavailable",
  UNEXPECTED_RESPONSE: "internal",
  CANCELLED: "cancelled",
  INVALID_CLIENT_OPTION: "misconfigured",
};

/**
 * Every failure of the client: the server's `{ error: { code, message, details } }` with the HTTP
 * status, or, with `status` null, a failure without an answer (`CLIENT_ERROR_CODES`).
 */
export class SrcClientError extends SrcError {
  static override readonly marker: string = "src.client.error";
  static override readonly errorName: string = "SrcClientError";
  /** The HTTP status; `null` when the server gave no answer. */
  readonly status: number | null;
  /** The server's field problems, empty when it gave none. */
  readonly details: readonly ErrorDetail[];
  /** `METHOD path` of the failed request, when there was one. */
  readonly request: string | undefined;
  /**
   * For `tools.call` refused by the source's policy or an agent token (403 `POLICY_DENIED`, `CONFIRMATION_REQUIRED`;
   * 429 `RATE_LIMITED`): the tool result the server answered, whole, with `error.rule`, `error.retryable` and
   * `error.retryAfterSeconds`, as an agent in process or over MCP gets it. `undefined` for every other failure.
   */
  readonly toolResult: ToolResult | undefined;

  constructor({ code, message, status, details = [], request, toolResult, cause }: SrcClientErrorOptions) {
    const kind =
      status === null
        ? (kindOfClientCode[code as ClientErrorCode] ?? "internal")
        : code === CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE
          ? "internal"
          : errorKindOfStatus(status);
    super({ code, kind, message, cause });
    this.status = status;
    this.details = details;
    this.request = request;
    this.toolResult = toolResult;
  }

  /** The server's error body, as it sent it (or as it would have, for failures without an answer). */
  get body(): { error: { code: string; message: string; details?: ErrorDetail[] } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details.length === 0 ? {} : { details: [...this.details] }),
      },
    };
  }
}
