import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));
const script = fileURLToPath(new URL("./second-process-writer.ts", import.meta.url));

/** Runs `second-process-writer.ts` in a child process; resolves with its output, rejects on a non-zero exit. */
export function runSecondProcess({
  env,
  baseUrl,
  slugs,
  token,
}: {
  env: Record<string, string>;
  baseUrl: string;
  slugs: string[];
  token: string;
}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ["--conditions=@src/source", script, baseUrl, ...slugs], {
      env: { ...process.env, ...env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`second process exited ${code}: ${stderr}`)),
    );
    child.stdin.end(token);
  });
}
