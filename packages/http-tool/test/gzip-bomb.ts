import { createGzip } from "node:zlib";

/** Gzip of `megabytes` MiB of zeros, compressed as a stream (1 GiB gives about 4.5 MB). */
export async function createGzipBomb(megabytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 1 });
  const chunks: Buffer[] = [];
  gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let index = 0; index < megabytes; index += 1) {
    if (!gzip.write(zeros)) await new Promise<void>((resolve) => gzip.once("drain", resolve));
  }
  gzip.end();
  await ended;
  return Buffer.concat(chunks);
}
