import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The path of the authorization server script, for tests of other packages that start it themselves. */
export const authorizationServerScript = fileURLToPath(new URL("./authorization-server.mjs", import.meta.url));

/** What the control server reports. */
export interface AuthorizationServerState {
  requests: { grant: string; clientAuth: string; scope: string | null; audience: string | null; resource: string | null }[];
  /** Every access and refresh token issued, in order. */
  issued: string[];
  validRefreshTokens: string[];
}

/** A running authorization server process and its control API. */
export interface AuthorizationServer {
  /** e.g. `http://127.0.0.1:40111`; the token URL is `${issuer}/token`, the authorization URL `${issuer}/authorize`. */
  readonly issuer: string;
  readonly tokenUrl: string;
  readonly authorizationUrl: string;
  state(): Promise<AuthorizationServerState>;
  /** Whether the API should accept `token` (issued and not revoked). */
  accepts(token: string): Promise<boolean>;
  settings(settings: { tokenTtl?: number; down?: boolean }): Promise<void>;
  revokeRefreshTokens(): Promise<void>;
  revokeAccessTokens(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `authorization-server.mjs` in its own Node process on 127.0.0.1 and waits until it is ready. */
export async function startAuthorizationServer({ clientId, clientSecret, tokenTtl = 3600 }: { clientId: string; clientSecret: string; tokenTtl?: number }): Promise<AuthorizationServer> {
  const child = spawn(process.execPath, [authorizationServerScript], {
    env: { ...process.env, OAUTH_CLIENT_ID: clientId, OAUTH_CLIENT_SECRET: clientSecret, OAUTH_TOKEN_TTL: String(tokenTtl) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the authorization server exited with ${String(code)} before it was ready`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const { issuer, control } = JSON.parse(line) as { issuer: string; control: string };
  const post = async (path: string, body: unknown = {}) => {
    await fetch(`${control}${path}`, { method: "POST", body: JSON.stringify(body) });
  };
  return {
    issuer,
    tokenUrl: `${issuer}/token`,
    authorizationUrl: `${issuer}/authorize`,
    state: async () => (await (await fetch(`${control}/state`)).json()) as AuthorizationServerState,
    accepts: async (token) => (await fetch(`${control}/check?token=${encodeURIComponent(token)}`)).status === 200,
    settings: (settings) => post("/settings", settings),
    revokeRefreshTokens: () => post("/revoke-refresh-tokens"),
    revokeAccessTokens: () => post("/revoke-access-tokens"),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
