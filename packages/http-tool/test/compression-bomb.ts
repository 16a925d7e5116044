import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createDeflate, createGzip } from "node:zlib";

/** The encoders a bomb can be made with, by `Content-Encoding` name. */
const encoders: Record<"gzip" | "deflate" | "br", () => Transform> = {
  gzip: () => createGzip({ level: 1 }),
  deflate: () => createDeflate({ level: 1 }),
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
};

/** `megabytes` MiB of zeros compressed as a stream with `coding` (a few hundred KB for 256 MiB). */
export async function createCompressionBomb(coding: keyof typeof encoders, megabytes: number): Promise<Buffer> {
  const encoder = encoders[coding]();
  const chunks: Buffer[] = [];
  encoder.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    encoder.on("end", resolve);
    encoder.on("error", reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) {
    if (!encoder.write(zeros)) await new Promise<void>((resolve) => encoder.once("drain", resolve));
  }
  encoder.end();
  await ended;
  return Buffer.concat(chunks);
}
