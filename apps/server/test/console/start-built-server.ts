import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built server's bin (`apps/server/bin/src-server.js` → `dist/bin.js`, with `dist/console`); turbo builds it before the tests. */
const serverBin = fileURLToPath(new URL("../../bin/src-server.js", import.meta.url));

/** A `src-server` child process on an ephemeral loopback port. */
export interface BuiltServer {
  url: string;
  /** Everything the process wrote (its JSON log lines and status lines), for the secret scan. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts the built `src-server` on `home` and resolves once it prints its URL. */
export function startBuiltServer(env: Record<string, string>, args: readonly string[] = []): Promise<BuiltServer> {
  const child: ChildProcess = spawn(process.execPath, [serverBin, "--host", "127.0.0.1", "--port", "0", ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`src-server did not start within 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /src-server listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1] === undefined) return;
      clearTimeout(timer);
      resolve({
        url: match[1],
        output: () => output,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`src-server exited with ${String(code)} before listening:\n${output}`));
    });
  });
}
