import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

/** The path of the authorization server script, for tests of other packages that start it themselves. */
export const authorizationServerScript = fileURLToPath(new URL("./authorization-server.mjs", import.meta.url));

/** Which provider's quirks the server reproduces (see `authorization-server.mjs`). */
export type AuthorizationServerProfile = "default" | "google" | "entra" | "github" | "narrow";

/** What the control server reports. */
export interface AuthorizationServerState {
  requests: {
    grant: string;
    clientAuth: string;
    scope: string | null;
    audience: string | null;
    resource: string | null;
    accept: string | null;
    authorizedScope: string | null;
  }[];
  /** Every access and refresh token issued, in order. */
  issued: string[];
  validRefreshTokens: string[];
  /** Each RFC 7009 revocation request: how the client authenticated, its hint, whether the token was one issued here. */
  revocations: { clientAuth: string; tokenTypeHint: string | null; known: boolean }[];
}

/** A running authorization server process and its control API. */
export interface AuthorizationServer {
  /** The issuer (ID tokens carry it): e.g. `http://127.0.0.1:40111`, or with a path (entra). */
  readonly issuer: string;
  readonly tokenUrl: string;
  readonly authorizationUrl: string;
  /** The RFC 7009 endpoint, when the profile has one. */
  readonly revocationUrl: string | undefined;
  state(): Promise<AuthorizationServerState>;
  /** Whether the API should accept `token` (issued and not revoked). */
  accepts(token: string): Promise<boolean>;
  settings(settings: {
    tokenTtl?: number;
    down?: boolean;
    advertisePkce?: string[] | null;
    /** How long the token endpoint waits before it answers, in ms. */
    tokenDelayMs?: number;
  }): Promise<void>;
  revokeRefreshTokens(): Promise<void>;
  revokeAccessTokens(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `authorization-server.mjs` in its own Node process on 127.0.0.1 (and 127.0.0.2) and waits until it is ready. */
export async function startAuthorizationServer({
  clientId,
  clientSecret,
  tokenTtl = 3600,
  profile = "default",
}: {
  clientId: string;
  clientSecret: string;
  tokenTtl?: number;
  profile?: AuthorizationServerProfile;
}): Promise<AuthorizationServer> {
  const child = spawn(process.execPath, [authorizationServerScript], {
    env: {
      ...process.env,
      OAUTH_CLIENT_ID: clientId,
      OAUTH_CLIENT_SECRET: clientSecret,
      OAUTH_TOKEN_TTL: String(tokenTtl),
      OAUTH_PROFILE: profile,
    },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the authorization server exited with ${String(code)} before it was ready`)),
    );
    createInterface({ input: child.stdout }).once("line", resolve);
  });
  const ready = JSON.parse(line) as {
    issuer: string;
    tokenUrl: string;
    authorizationUrl: string;
    revocationUrl: string | null;
    control: string;
  };
  const post = async (path: string, body: unknown = {}) => {
    await fetch(`${ready.control}${path}`, { method: "POST", body: JSON.stringify(body) });
  };
  return {
    issuer: ready.issuer,
    tokenUrl: ready.tokenUrl,
    authorizationUrl: ready.authorizationUrl,
    revocationUrl: ready.revocationUrl ?? undefined,
    state: async () => (await (await fetch(`${ready.control}/state`)).json()) as AuthorizationServerState,
    accepts: async (token) => (await fetch(`${ready.control}/check?token=${encodeURIComponent(token)}`)).status === 200,
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
