import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The path of the oidc-provider script, for tests of other packages. */
export const oidcProviderScript = fileURLToPath(new URL("./oidc-provider-server.mjs", import.meta.url));

/** What the control server reports. */
export interface OidcProviderState {
  /** Every access, refresh and ID token the token endpoint answered, in order. */
  issued: string[];
  /** Each device access token request: when, and whether it was answered slow_down. */
  devicePolls: { at: number; slowDown: boolean }[];
  revocations: number;
  /** Each refresh_token grant request, with the HTTP status it was answered (0 while it is not yet). */
  refreshes: { status: number }[];
}

/** A running oidc-provider process and its control API. */
export interface OidcProvider {
  /** `http://127.0.0.1:<port>/oidc`: ID tokens carry it; discovery is at `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  state(): Promise<OidcProviderState>;
  /** Whether `token` is a live access token (issued, not revoked, not expired). */
  accepts(token: string): Promise<boolean>;
  /** Whether `token` is a live refresh token (not rotated away or revoked). */
  refreshTokenValid(token: string): Promise<boolean>;
  settings(settings: {
    interval?: number;
    deviceTtl?: number;
    slowDowns?: number;
    deny?: boolean;
    /** Access tokens' lifetime in seconds (3600). */
    accessTtl?: number;
    /** How long the token endpoint waits before it answers, in ms (0). */
    tokenDelayMs?: number;
  }): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts oidc-provider in its own Node process on 127.0.0.1. `redirectPaths` are the redirect URI paths
 * registered (on http://127.0.0.1, any port: native clients, RFC 8252 7.3).
 */
export async function startOidcProvider({
  clientId,
  clientSecret,
  publicClientId,
  redirectPaths = ["/callback"],
}: {
  clientId: string;
  clientSecret: string;
  publicClientId: string;
  redirectPaths?: string[];
}): Promise<OidcProvider> {
  const child = spawn(process.execPath, [oidcProviderScript], {
    env: {
      ...process.env,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_PUBLIC_CLIENT_ID: publicClientId,
      OIDC_REDIRECT_PATHS: redirectPaths.join(","),
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  child.stderr.resume();
  const line = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`oidc-provider exited with ${String(code)} before it was ready`)));
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const { issuer, control } = JSON.parse(line) as { issuer: string; control: string };
  return {
    issuer,
    state: async () => (await (await fetch(`${control}/state`)).json()) as OidcProviderState,
    accepts: async (token) => (await fetch(`${control}/check?token=${encodeURIComponent(token)}`)).status === 200,
    refreshTokenValid: async (token) =>
      (await fetch(`${control}/refresh-valid?token=${encodeURIComponent(token)}`)).status === 200,
    settings: async (settings) => {
      await fetch(`${control}/settings`, { method: "POST", body: JSON.stringify(settings) });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
