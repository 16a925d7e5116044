import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { childOutput } from "./run-cli";

const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));
const script = fileURLToPath(new URL("./second-process-writer.ts", import.meta.url));

/** Runs `second-process-writer.ts` in a child process; resolves with its output, rejects on a non-zero exit. */
export async function runSecondProcess({
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
  const child = spawn(tsx, ["--conditions=@src/source", script, baseUrl, ...slugs], {
    env: { ...process.env, ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const { code, stdout, stderr } = await childOutput(child, token);
  if (code !== 0) throw new Error(`second process exited ${code}: ${stderr}`);
  return { stdout, stderr };
}
