import { randomBytes } from "node:crypto";
import { chmod, link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { InvalidTokenError } from "./errors/invalid-token-error";

/** Where the admin token came from: the environment, or the token file (its path). */
export interface ServerToken {
  token: string;
  /** The token file's path, or `null` when the token came from `SRC_SERVER_TOKEN`. */
  tokenFile: string | null;
  /** True when this call generated the token file. */
  generated: boolean;
}

const minimumLength = 16;

export function checkToken(token: string, origin: string, role: "admin" | "metrics" = "admin"): string {
  if (token.length < minimumLength)
    throw new InvalidTokenError({ origin, role, problem: `it is shorter than ${minimumLength} characters` });
  if (!/^[\x21-\x7e]+$/.test(token))
    throw new InvalidTokenError({ origin, role, problem: "it holds spaces, control or non-ASCII characters" });
  return token;
}

/**
 * The admin token: `SRC_SERVER_TOKEN` when set, else `$SRC_HOME/server.token`,
 * generated on first start (32 random bytes, hex, mode 0600) and reused after.
 * The file is created atomically (written aside, then hard-linked into place), so
 * two servers starting at once agree on one token.
 */
export async function resolveServerToken({
  home,
  env,
}: {
  home: string;
  env: Record<string, string | undefined>;
}): Promise<ServerToken> {
  const fromEnvironment = env.SRC_SERVER_TOKEN;
  if (fromEnvironment !== undefined && fromEnvironment !== "") {
    return { token: checkToken(fromEnvironment.trim(), "SRC_SERVER_TOKEN"), tokenFile: null, generated: false };
  }
  const tokenFile = join(home, "server.token");
  const existing = await readTokenFile(tokenFile);
  if (existing !== undefined) return { token: existing, tokenFile, generated: false };

  await mkdir(home, { recursive: true, mode: 0o700 });
  const token = randomBytes(32).toString("hex");
  const aside = `${tokenFile}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(aside, `${token}\n`, { mode: 0o600, flag: "wx" });
  try {
    await chmod(aside, 0o600);
    await link(aside, tokenFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = await readTokenFile(tokenFile);
    if (winner === undefined) throw error;
    return { token: winner, tokenFile, generated: false };
  } finally {
    await unlink(aside).catch(() => undefined);
  }
  return { token, tokenFile, generated: true };
}

async function readTokenFile(tokenFile: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(tokenFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return checkToken(text.trim(), tokenFile);
}

/**
 * The metrics token (`GET /metrics` only): `--metrics-token` when given, else `SRC_METRICS_TOKEN`, else none (the
 * admin token alone opens `/metrics`). Held to the admin token's rules: 16 visible ASCII characters at least.
 */
export function resolveMetricsToken({
  given,
  env,
}: {
  given: string | undefined;
  env: Record<string, string | undefined>;
}): string | undefined {
  if (given !== undefined) return checkToken(given.trim(), "--metrics-token", "metrics");
  const fromEnvironment = env.SRC_METRICS_TOKEN;
  if (fromEnvironment === undefined || fromEnvironment.trim() === "") return undefined;
  return checkToken(fromEnvironment.trim(), "SRC_METRICS_TOKEN", "metrics");
}
