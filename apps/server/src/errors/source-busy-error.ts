import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** A source already has `maxConcurrentCallsPerSource` calls running and `maxQueuedCallsPerSource` waiting. */
export class SourceBusyError extends ServerError {
  static override readonly marker: string = "src.server.error.SourceBusyError";
  readonly slug: string;
  readonly retryAfterSeconds: number;

  constructor({
    slug,
    running,
    queued,
    retryAfterSeconds,
    cause,
  }: {
    slug: string;
    running: number;
    queued: number;
    retryAfterSeconds: number;
    cause?: unknown;
  }) {
    super({
      code: SERVER_ERROR_CODES.SOURCE_BUSY,
      message: `source "${slug}" is busy: ${running} calls running and ${queued} waiting, the most allowed; retry after ${retryAfterSeconds} s, or raise the server's per-source limits`,
      cause,
    });
    this.slug = slug;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
