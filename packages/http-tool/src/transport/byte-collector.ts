import type { LimitedBody } from "./limited-body";

/** Gathers body chunks up to a byte limit; both transports feed one, so the limit is counted in one place. */
export interface ByteCollector {
  /** Keeps `chunk` (or its part that fits). False once the limit is reached: stop reading. */
  add(chunk: Uint8Array): boolean;
  /** The bytes kept, in one buffer, and whether the body was cut. */
  finish(): LimitedBody;
}

/**
 * A collector that keeps at most `maxBytes`. Memory is the bytes kept plus
 * the chunk that crossed the limit (its tail is dropped by `finish`).
 */
export function createByteCollector(maxBytes: number): ByteCollector {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  return {
    add(chunk) {
      if (cut) return false;
      if (size + chunk.byteLength > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        size = maxBytes;
        cut = true;
        return false;
      }
      chunks.push(chunk);
      size += chunk.byteLength;
      return true;
    },
    finish() {
      if (chunks.length === 1 && chunks[0] !== undefined && !cut) return { bytes: chunks[0], cut };
      return { bytes: Buffer.concat(chunks, size), cut };
    },
  };
}
