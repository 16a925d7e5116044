import type { SourceStatus } from "@src/config";

/** Machine codes of a validation outcome, for callers that branch on them. */
export const VALIDATION_REASONS = {
  /** The test endpoint answered 2xx. */
  OK: "OK",
  /** 401: the credential is missing, wrong or expired. */
  UNAUTHORIZED: "UNAUTHORIZED",
  /** 403: the credential was refused for this endpoint. */
  FORBIDDEN: "FORBIDDEN",
  /** 404: the test endpoint does not exist on this API. */
  NOT_FOUND: "NOT_FOUND",
  /** 5xx: the API failed. */
  SERVER_ERROR: "SERVER_ERROR",
  /** 3xx: the test endpoint redirects somewhere the service does not follow. */
  REDIRECT: "REDIRECT",
  /** Nothing listens at the host and port, or the connection broke. */
  UNREACHABLE: "UNREACHABLE",
  /** The host name does not resolve. */
  DNS: "DNS",
  /** No answer within the validation time-out. */
  TIMEOUT: "TIMEOUT",
  /** The TLS handshake failed (certificate problem). */
  TLS: "TLS",
  /** No credential is stored for the source. */
  NO_CREDENTIAL: "NO_CREDENTIAL",
  /** The test request could not be built (bad testEndpoint or credential). */
  INVALID_REQUEST: "INVALID_REQUEST",
  /** The auth plugin's authorization server refused the credential (invalid_client, a revoked refresh token): sign in or store it again. */
  AUTH_REFUSED: "AUTH_REFUSED",
  /** The auth plugin's authorization server was unreachable or failed. */
  AUTH_SERVER_FAILED: "AUTH_SERVER_FAILED",
  /** Any other status (400, 418...). */
  UNEXPECTED_STATUS: "UNEXPECTED_STATUS",
} as const;

export type ValidationReason = (typeof VALIDATION_REASONS)[keyof typeof VALIDATION_REASONS];

/** What `validateSource` found. Holds no secret: the URL is redacted. */
export interface ValidationOutcome {
  /** `connected` for 2xx, `needs_auth` for 401/403 or a refused credential at the token endpoint, `failed` otherwise. */
  status: "connected" | "needs_auth" | "failed";
  /** True when `status` is `connected`. */
  ok: boolean;
  /** The final HTTP status, null when there was no response. */
  httpStatus: number | null;
  reason: ValidationReason;
  /** What happened, naming the URL, host or auth placement. */
  message: string;
  /** What to do next; null when connected. */
  hint: string | null;
  /** When the test ran (ISO 8601). */
  testedAt: string;
  durationMs: number;
  request: { method: "GET"; url: string };
}

/** The status fields of `config.json` for an outcome: `lastError` is `REASON: message` unless connected. */
export function toSourceStatus(outcome: ValidationOutcome): SourceStatus {
  return {
    connectionStatus: outcome.status,
    lastTestedAt: outcome.testedAt,
    lastError: outcome.ok
      ? null
      : `${outcome.reason}: ${outcome.message}${outcome.hint === null ? "" : ` — ${outcome.hint}`}`,
  };
}
