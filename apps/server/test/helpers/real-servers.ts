// Servers nobody here wrote, on loopback, for the auth modes that need them:
// httpbin (Debian's python3-httpbin, HTTP Digest) and an S3 emulator that verifies Signature V4.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";

/** A running server: its origin, and how to stop it. */
export interface RealServer {
  readonly origin: string;
  stop(): Promise<void>;
}

const serveHttpbin = `
from httpbin import app
from werkzeug.serving import make_server
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
`;

/** httpbin on a free loopback port, run by Debian's /usr/bin/python3 (`.ci/run` installs python3-httpbin). */
export async function startHttpbin(): Promise<RealServer> {
  const python = process.env.SRC_TEST_PYTHON ?? "/usr/bin/python3";
  const child = spawn(python, ["-c", serveHttpbin], { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors = (errors + chunk).slice(-4000)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding("utf8").once("data", (chunk: string) => resolve(Number(chunk.trim())));
    child.once("error", (error) => reject(new Error(`cannot start ${python} for httpbin (${error.message}); apt-get install python3-httpbin`)));
    child.once("exit", (code) => reject(new Error(`httpbin exited with code ${String(code)}: ${errors.trim()}; apt-get install python3-httpbin`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, "exit");
    },
  };
}

/** s3rver's own key pair: it checks every signature against it. */
export const s3rverKeys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

/** An S3 emulator (@20minutes/s3rver, verifies Signature V4) with `bucket`, its files in a temp dir. */
export async function startS3(bucket: string): Promise<RealServer> {
  const directory = await mkdtemp(join(tmpdir(), "src-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
