import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The test identity provider (node-oidc-provider, `identity-provider.mjs`) in its own process on 127.0.0.1. */
export interface IdentityProvider {
  /** Its issuer URL, e.g. `http://127.0.0.1:45123`. */
  readonly issuer: string;
  /**
   * A JWT access token by client credentials for `resource` (the audience) and `scope`; its `sub` is `client`
   * ("agent", "short-lived", "alice", "bob").
   */
  tokenFor(options: { resource: string; scope: string; client?: string }): Promise<string>;
  stop(): void;
}

/**
 * Starts the identity provider; every client of it has `clientSecret` (the console's client too). With
 * `publishAnotherKey`, its `jwks_uri` publishes another key under its signing key's id: nothing it signs verifies.
 */
export function startIdentityProvider(
  clientSecret: string,
  { publishAnotherKey = false }: { publishAnotherKey?: boolean } = {},
): Promise<IdentityProvider> {
  const child: ChildProcess = spawn(
    process.execPath,
    [fileURLToPath(new URL("./identity-provider.mjs", import.meta.url))],
    {
      env: {
        PATH: process.env.PATH ?? "",
        IDP_CLIENT_SECRET: clientSecret,
        ...(publishAnotherKey ? { IDP_PUBLISH: "another-key" } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const issuer = new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /\{"issuer":"([^"]+)"\}/.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the identity provider exited (${String(code)}): ${output}`)));
  });
  return issuer.then((url) => ({
    issuer: url,
    async tokenFor({ resource, scope, client = "agent" }) {
      const answer = await fetch(`${url}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "client_credentials",
          client_id: client,
          client_secret: clientSecret,
          resource,
          scope,
        }).toString(),
      });
      const json = (await answer.json()) as { access_token?: string; error?: string; error_description?: string };
      if (json.access_token === undefined)
        throw new Error(`the identity provider refused: ${json.error ?? ""} ${json.error_description ?? ""}`);
      return json.access_token;
    },
    stop: () => void child.kill("SIGTERM"),
  }));
}
