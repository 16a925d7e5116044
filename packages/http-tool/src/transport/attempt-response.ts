import type { LimitedBody } from "./limited-body";
import type { ResponseHeaders } from "./response-headers";

/**
 * A response as both transports hand it over (node:http by default, a
 * caller's fetch when given): status line and headers at once, the body on
 * demand. Every rule above the transport (retries, redirects, limits,
 * shaping, redaction) reads only this shape.
 */
export interface AttemptResponse {
  status: number;
  statusText: string;
  /** Response headers; repeated ones joined with ", " as fetch does (`set-cookie` aside). */
  headers: ResponseHeaders;
  /**
   * Reads the (decompressed) body and stops at `maxBytes`, dropping the
   * connection when it is cut. Rejects when the attempt is aborted meanwhile.
   */
  read(maxBytes: number): Promise<LimitedBody>;
  /** Drops the body unread (a redirect, a status about to be retried). */
  cancel(): void;
}

/** One request in flight on a transport. */
export interface PendingAttempt {
  /** Settles when the status line and headers have arrived, or the request failed. */
  response: Promise<AttemptResponse>;
  /** Ends the request (time-out or the caller's signal); a pending `response` or `read` rejects. */
  abort(): void;
}
