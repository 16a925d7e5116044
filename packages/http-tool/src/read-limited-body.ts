/** The body did not arrive within the time left; the stream was cancelled. */
export class BodyTimeoutError extends Error {
  readonly bodyTimeout = true;
  constructor() {
    super("the response body did not arrive in time");
    this.name = "BodyTimeoutError";
  }

  static isBodyTimeout(error: unknown): error is BodyTimeoutError {
    return error instanceof BodyTimeoutError;
  }
}

/** A response body read up to a byte limit. */
export interface LimitedBody {
  /** The bytes read, at most `maxBytes`. */
  bytes: Uint8Array;
  /** True when the body was longer than `maxBytes` and reading stopped. */
  cut: boolean;
}

/**
 * Reads a body stream chunk by chunk and stops at `maxBytes`, cancelling the
 * stream so the connection is dropped and the rest is never read. Fetch hands
 * over decompressed bytes, so a gzip bomb is limited by its decompressed size.
 * Memory use is at most `maxBytes` plus one chunk. With `timeoutMs`, a body
 * still arriving after that long is cancelled and `BodyTimeoutError` thrown.
 */
export async function readLimitedBody(stream: ReadableStream<Uint8Array> | null, maxBytes: number, timeoutMs?: number): Promise<LimitedBody> {
  if (stream === null) return { bytes: new Uint8Array(0), cut: false };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  let timedOut = false;
  // Cancelling the reader ends a pending read and drops the connection.
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => undefined);
  }, timeoutMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) throw new BodyTimeoutError();
      if (done) break;
      if (size + value.byteLength > maxBytes) {
        chunks.push(value.subarray(0, maxBytes - size));
        size = maxBytes;
        cut = true;
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    clearTimeout(timer);
    if (cut) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  if (chunks.length === 1 && chunks[0] !== undefined) return { bytes: chunks[0], cut };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, cut };
}
