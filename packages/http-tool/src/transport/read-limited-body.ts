import { createByteCollector } from "./byte-collector";
import type { LimitedBody } from "./limited-body";

/**
 * True when the body's size on the wire is its size after fetch hands it over:
 * no `Content-Encoding` (or `identity`) and a `Content-Length` of at most
 * `maxBytes`. HTTP/1.1 framing then stops the body at that length, so reading
 * it in one piece cannot use more than `maxBytes`.
 */
function fitsDeclaredLength(headers: Headers, maxBytes: number): boolean {
  const encoding = headers.get("content-encoding");
  if (encoding !== null && encoding.trim().toLowerCase() !== "identity") return false;
  const declared = headers.get("content-length");
  if (declared === null || !/^\d+$/.test(declared)) return false;
  return Number(declared) <= maxBytes;
}

/**
 * Reads a fetch `Response` body and stops at `maxBytes`, cancelling the stream
 * so the connection is dropped and the rest is never read. Fetch hands over
 * decompressed bytes, so a gzip bomb is limited by its decompressed size.
 * Memory use is at most `maxBytes` plus one chunk. A body whose uncompressed
 * `Content-Length` fits is read in one `arrayBuffer()` call; any other is
 * read chunk by chunk. Time-outs are the caller's: abort the fetch's signal.
 */
export async function readLimitedBody(response: Response, maxBytes: number): Promise<LimitedBody> {
  const stream: ReadableStream<Uint8Array> | null = response.body;
  if (stream === null) return { bytes: new Uint8Array(0), cut: false };
  if (fitsDeclaredLength(response.headers, maxBytes))
    return { bytes: new Uint8Array(await response.arrayBuffer()), cut: false };
  const reader = stream.getReader();
  const collector = createByteCollector(maxBytes);
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!collector.add(value)) {
        cut = true;
        break;
      }
    }
  } finally {
    if (cut) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  return collector.finish();
}
