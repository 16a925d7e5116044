// Starts the built server (apps/server) on an ephemeral loopback port with a throw-away home and
// returns its /openapi.json. Shared by the update script and the test that compares the
// committed document with the server's.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The built server's bin; `pnpm build` (or turbo, before the tests) makes its dist/. */
export const serverBin = fileURLToPath(new URL("../../../apps/server/bin/src-server.js", import.meta.url));

/** Fetches the OpenAPI document of a freshly started built server, then stops it. */
export async function fetchServerDocument(): Promise<unknown> {
  const home = await mkdtemp(join(tmpdir(), "src-client-document-"));
  const token = randomBytes(16).toString("hex");
  const child = spawn(process.execPath, [serverBin, "--host", "127.0.0.1", "--port", "0"], {
    env: {
      PATH: process.env.PATH ?? "",
      SRC_HOME: home,
      SRC_VAULT_KEY: randomBytes(32).toString("base64"),
      SRC_SERVER_TOKEN: token,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /listening on (\S+)/.exec(stderr);
        if (match) resolve(match[1]!);
      });
      child.on("exit", (code) =>
        reject(new Error(`the built server exited ${code} before listening: ${stderr}\n(run \`pnpm build\` first)`)),
      );
    });
    const response = await fetch(`${url}/openapi.json`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
    return await response.json();
  } finally {
    child.kill();
    await rm(home, { recursive: true, force: true });
  }
}

/** The document as committed: two-space JSON with a final newline. */
export function formatDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
