// Servers nobody here wrote, on loopback, for the auth modes that need them:
// httpbin (Debian's python3-httpbin, HTTP Digest) and an S3 emulator that verifies Signature V4.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";

const serveHttpbin = `
from httpbin import app
from werkzeug.serving import make_server
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
`;

/** @type {import("./index.d.ts").startHttpbin} */
export async function startHttpbin() {
  // Debian's Python, where `apt-get install python3-httpbin` puts httpbin (not a pyenv or venv python3 earlier in PATH).
  const python = process.env.SRC_TEST_PYTHON ?? "/usr/bin/python3";
  const child = spawn(python, ["-c", serveHttpbin], { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.setEncoding("utf8").on("data", (chunk) => (errors = (errors + chunk).slice(-4000)));
  const port = await new Promise((resolve, reject) => {
    child.stdout.setEncoding("utf8").once("data", (chunk) => resolve(Number(chunk.trim())));
    child.once("error", (error) =>
      reject(
        new Error(
          `cannot start ${python} for httpbin (${error.message}); install it with apt-get install python3-httpbin`,
        ),
      ),
    );
    child.once("exit", (code) =>
      reject(
        new Error(
          `httpbin exited with code ${String(code)} before listening: ${errors.trim()}; install it with apt-get install python3-httpbin`,
        ),
      ),
    );
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

/** @type {import("./index.d.ts").s3rverKeys} */
export const s3rverKeys = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/** @type {import("./index.d.ts").startS3} */
export async function startS3(bucket = "src-test-bucket") {
  const directory = await mkdtemp(join(tmpdir(), "src-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
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
