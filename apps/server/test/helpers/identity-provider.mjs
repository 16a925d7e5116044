// A real OpenID Connect provider (node-oidc-provider) on 127.0.0.1, in its own process, for the --oauth-issuer tests:
// clients get JWT access tokens by client credentials, for the resource (audience) and scopes they ask for (the
// token's sub is the client's id: "alice" and "bob" are two people's agents). People sign in through the "console"
// client (authorization code with PKCE) on the provider's development pages: any login, any password, the login is
// the sub. The console is a native client, so its loopback redirect URI matches on any port (RFC 8252).
import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

const server = createServer();
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const { privateKey } = await generateKeyPair("ES256", { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: "test-key-1", alg: "ES256", use: "sig" };
const secret = process.env.IDP_CLIENT_SECRET;
const scopes = "src:alpha src:alpha:read src:beta src:beta:read src:gamma src:gamma:read other";

const provider = new Provider(issuer, {
  jwks: { keys: [jwk] },
  // Agents' clients alike but for their ids: "short-lived" gets 1-second access tokens (see accessTokenTTL).
  clients: [
    ...["agent", "short-lived", "alice", "bob"].map((clientId) => ({
      client_id: clientId,
      client_secret: secret,
      grant_types: ["client_credentials"],
      redirect_uris: [],
      response_types: [],
      token_endpoint_auth_method: "client_secret_post",
      id_token_signed_response_alg: "ES256",
      scope: scopes,
    })),
    {
      client_id: "console",
      client_secret: secret,
      application_type: "native",
      grant_types: ["authorization_code"],
      redirect_uris: ["http://127.0.0.1/v1/auth/callback"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256",
    },
  ],
  scopes: ["openid", ...scopes.split(" ")],
  features: {
    devInteractions: { enabled: true },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, resourceIndicator, client) => ({
        scope: scopes,
        audience: resourceIndicator,
        accessTokenTTL: client.clientId === "short-lived" ? 1 : 300,
        accessTokenFormat: "jwt",
        jwt: { sign: { alg: "ES256" } },
      }),
    },
  },
});
provider.on("server_error", (_ctx, error) => process.stderr.write(`idp error: ${error.message}\n`));
// IDP_PUBLISH=another-key: the provider's jwks_uri publishes another key under its key's id, so nothing it signs
// verifies with the keys it publishes (as a forged token would not).
const another = await generateKeyPair("ES256", { extractable: true });
const anotherKeys = {
  keys: [{ ...(await exportJWK(another.publicKey)), kid: "test-key-1", alg: "ES256", use: "sig" }],
};
const handle = provider.callback();
server.on("request", (request, response) => {
  if (process.env.IDP_PUBLISH === "another-key" && request.url === "/jwks") {
    response.writeHead(200, { "content-type": "application/jwk-set+json" });
    response.end(JSON.stringify(anotherKeys));
    return;
  }
  handle(request, response);
});
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
