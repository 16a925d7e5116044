import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";

/** s3rver's own key pair: it checks every signature against it. */
export const s3rverKeys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/** A running S3 emulator on 127.0.0.1 with one bucket, its files in a temp dir. */
export interface S3Emulator {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly bucket: string;
  stop(): Promise<void>;
}

/** Starts s3rver (an S3 emulator that verifies Signature V4) on a free loopback port. */
export async function startS3rver(bucket = "src-test-bucket"): Promise<S3Emulator> {
  const directory = await mkdtemp(join(tmpdir(), "src-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    origin: `http://127.0.0.1:${port}`,
    bucket,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
