import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built server's bin (apps/server); turbo builds it before these tests (`@src/server#build`). */
export const serverBin = fileURLToPath(new URL("../../../../apps/server/bin/src-server.js", import.meta.url));

/** The built server on an ephemeral 127.0.0.1 port, with its own home, vault key and admin token. */
export interface BuiltServer {
  url: string;
  adminToken: string;
  home: string;
  /** Everything the server wrote on stderr. */
  stderr(): string;
  stop(): Promise<void>;
}

/** Starts `node apps/server/bin/src-server.js --host 127.0.0.1 --port 0` and waits for its `listening on URL` line. */
export async function startBuiltServer(): Promise<BuiltServer> {
  const home = await mkdtemp(join(tmpdir(), "src-client-test-"));
  const adminToken = `admin-${randomBytes(16).toString("hex")}`;
  const child = spawn(process.execPath, [serverBin, "--host", "127.0.0.1", "--port", "0"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      SRC_HOME: home,
      SRC_VAULT_KEY: randomBytes(32).toString("base64"),
      SRC_SERVER_TOKEN: adminToken,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /listening on (\S+)/.exec(stderr);
      if (match) resolve(match[1]!);
    });
    child.on("exit", (code) => reject(new Error(`the built server exited ${code} before listening: ${stderr}`)));
  });
  return {
    url,
    adminToken,
    home,
    stderr: () => stderr,
    async stop() {
      child.kill();
      await exited;
      await rm(home, { recursive: true, force: true });
    },
  };
}
