// A real OpenID Connect provider (node-oidc-provider) on 127.0.0.1, in its own process, for the --oauth-issuer tests:
// clients get JWT access tokens by client credentials, for the resource (audience) and scopes they ask for.
import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

const server = createServer();
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;
const { privateKey } = await generateKeyPair("ES256", { extractable: true });
const jwk = { ...(await exportJWK(privateKey)), kid: "test-key-1", alg: "ES256", use: "sig" };
const secret = process.env.IDP_CLIENT_SECRET;
const scopes = "src:alpha src:alpha:read src:beta src:beta:read other";

const provider = new Provider(issuer, {
  jwks: { keys: [jwk] },
  // Two clients alike but for their ids: "short-lived" gets 1-second access tokens (see accessTokenTTL).
  clients: ["agent", "short-lived"].map((clientId) => ({
    client_id: clientId,
    client_secret: secret,
    grant_types: ["client_credentials"],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: "client_secret_post",
    id_token_signed_response_alg: "ES256",
    scope: scopes,
  })),
  scopes: scopes.split(" "),
  features: {
    devInteractions: { enabled: false },
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
server.on("request", provider.callback());
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
