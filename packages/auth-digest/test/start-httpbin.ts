import { spawn } from "node:child_process";
import { once } from "node:events";

/** A running httpbin (Debian's python3-httpbin) on 127.0.0.1. */
export interface Httpbin {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  stop(): Promise<void>;
}

/** Debian's Python, where `apt-get install python3-httpbin` puts httpbin (not a pyenv or venv python3 earlier in PATH). */
const python = process.env.SRC_TEST_PYTHON ?? "/usr/bin/python3";

const serve = `
import sys
from httpbin import app
from werkzeug.serving import make_server
server = make_server("127.0.0.1", 0, app, threaded=True)
print(server.server_port, flush=True)
server.serve_forever()
`;

/** Starts httpbin on a free loopback port (werkzeug's server, threaded); `.ci/run` installs python3-httpbin. */
export async function startHttpbin(): Promise<Httpbin> {
  const child = spawn(python, ["-c", serve], { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors = (errors + chunk).slice(-4000)));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.setEncoding("utf8").once("data", (chunk: string) => resolve(Number(chunk.trim())));
    child.once("error", (error) => reject(new Error(`cannot start ${python} for httpbin (${error.message}); install it with apt-get install python3-httpbin`)));
    child.once("exit", (code) => reject(new Error(`httpbin exited with code ${String(code)} before listening: ${errors.trim()}; install it with apt-get install python3-httpbin`)));
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
