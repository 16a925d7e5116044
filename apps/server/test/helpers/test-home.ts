import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";

/** A temporary `SRC_HOME` with its own vault key and admin token; every secret it makes is listed for the log scan. */
export interface TestHome {
  home: string;
  env: Record<string, string>;
  adminToken: string;
  /** Every secret a test used: scanned for in every log line, raw and base64. */
  secrets: string[];
  cleanup(): Promise<void>;
}

export async function createTestHome(): Promise<TestHome> {
  const home = await mkdtemp(join(tmpdir(), "src-server-test-"));
  const vaultKey = randomBytes(32).toString("base64");
  const adminToken = `admin-${randomBytes(16).toString("hex")}`;
  return {
    home,
    adminToken,
    env: { SRC_HOME: home, SRC_VAULT_KEY: vaultKey, SRC_SERVER_TOKEN: adminToken },
    secrets: [vaultKey, adminToken],
    cleanup: () => rm(home, { recursive: true, force: true }),
  };
}

/** A log destination that keeps every line, parsed. */
export function createLogCapture(): { stream: Writable; lines: string[]; records(): Record<string, unknown>[] } {
  const lines: string[] = [];
  let pending = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString("utf8");
      const parts = pending.split("\n");
      pending = parts.pop() ?? "";
      lines.push(...parts.filter((line) => line !== ""));
      callback();
    },
  });
  return { stream, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** The forms of a secret that must never appear in a log: raw, base64, base64url, URL-encoded, and `user:password` base64 for pairs. */
export function secretForms(secret: string): string[] {
  return [
    secret,
    Buffer.from(secret).toString("base64"),
    Buffer.from(secret).toString("base64url"),
    encodeURIComponent(secret),
  ];
}

/** Every line that holds any form of any secret; an empty list is the pass. */
export function linesLeakingSecrets(lines: readonly string[], secrets: readonly string[]): string[] {
  const forms = secrets.flatMap(secretForms);
  return lines.filter((line) => forms.some((form) => line.includes(form)));
}
