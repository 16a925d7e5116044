import { Transform, type TransformCallback } from "node:stream";
import {
  constants,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createInflateRaw,
  type Inflate,
  type InflateRaw,
} from "node:zlib";
import { TRANSPORT_ERROR_CODES } from "./transport-error-codes";

/** Codings the executor decodes, as fetch (undici) does. */
const decodable: ReadonlySet<string> = new Set(["gzip", "x-gzip", "deflate", "br"]);

/** Most codings decoded in one chain, as undici (fetch) allows: each costs a zlib or brotli stream and its CPU. */
export const maxContentCodings = 5;

/** Lenient like browsers and undici: a body that ends early gives what was decoded instead of an error. */
const zlibOptions = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const brotliOptions = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH };

/** The codings of a `Content-Encoding` value in the order they were applied, lower case, `identity` left out. */
export function codingsOf(contentEncoding: string | null): string[] {
  if (contentEncoding === null) return [];
  return contentEncoding
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "" && coding !== "identity");
}

/** The first coding of `contentEncoding` the executor cannot decode (the body is then handed over as raw bytes), or undefined. */
export function undecodableCoding(contentEncoding: string | null): string | undefined {
  return codingsOf(contentEncoding).find((coding) => !decodable.has(coding));
}

/**
 * `deflate` as servers send it: zlib-wrapped (RFC 1950) or, from some old
 * servers, raw (RFC 1951). The first byte tells which, as undici checks.
 */
class DeflateDecoder extends Transform {
  private inner: Inflate | InflateRaw | undefined;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.inner === undefined) {
      const inner = ((chunk[0] ?? 0) & 0x0f) === 0x08 ? createInflate(zlibOptions) : createInflateRaw(zlibOptions);
      inner.on("data", (decoded: Buffer) => this.push(decoded));
      inner.on("error", (error) => this.destroy(error));
      this.inner = inner;
    }
    this.inner.write(chunk, () => callback());
  }

  override _flush(callback: TransformCallback): void {
    if (this.inner === undefined) return callback();
    this.inner.once("end", () => callback());
    this.inner.end();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.inner?.destroy();
    callback(error);
  }
}

/**
 * The decoders for `contentEncoding`, in the order the body goes through
 * them (the last coding applied is undone first), e.g. "gzip, br" gives
 * brotli then gunzip. Empty when there is nothing to decode, or when a coding
 * is not decodable (see `undecodableCoding`): the raw bytes are kept then.
 * Throws an error coded `SRC_TOO_MANY_CONTENT_CODINGS` for more than
 * `maxContentCodings` codings (`identity` not counted): a 1600-deep gzip nest
 * would otherwise cost seconds of CPU and hundreds of MiB.
 */
export function createDecoders(contentEncoding: string | null): Transform[] {
  const codings = codingsOf(contentEncoding);
  if (codings.length > maxContentCodings) {
    const message = `the response lists ${codings.length} content codings, more than the ${maxContentCodings} decoded`;
    throw Object.assign(new Error(message), {
      code: TRANSPORT_ERROR_CODES.TOO_MANY_CONTENT_CODINGS,
      codings: codings.length,
    });
  }
  if (codings.some((coding) => !decodable.has(coding))) return [];
  return codings.reverse().map((coding): Transform => {
    if (coding === "br") return createBrotliDecompress(brotliOptions);
    if (coding === "deflate") return new DeflateDecoder();
    return createGunzip(zlibOptions);
  });
}
