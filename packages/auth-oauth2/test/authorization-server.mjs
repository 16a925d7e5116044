// A real OAuth 2.0 authorization server for tests, in its own process: oauth2-mock-server
// (client credentials, authorization code with PKCE, refresh tokens, revocation) on
// 127.0.0.1, with client authentication, refresh-token rotation and revocation enforced
// here, and a control server the test uses to read what happened and change the rules.
// Prints one JSON line { issuer, control } on stdout when ready.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

const clientId = process.env.OAUTH_CLIENT_ID ?? "test-client";
const clientSecret = process.env.OAUTH_CLIENT_SECRET ?? "";
const state = {
  tokenTtl: Number(process.env.OAUTH_TOKEN_TTL ?? 3600),
  down: false,
  requests: [],
  issued: [],
  validAccessTokens: new Set(),
  validRefreshTokens: new Set(),
};

const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");

function clientOf(request) {
  const header = request.headers.authorization ?? "";
  if (header.startsWith("Basic ")) {
    const [id, secret] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":").map((part) => decodeURIComponent(part.replaceAll("+", " ")));
    return { id, secret, method: "client_secret_basic" };
  }
  if (request.body.client_secret !== undefined) return { id: request.body.client_id, secret: request.body.client_secret, method: "client_secret_post" };
  return { id: request.body.client_id, secret: undefined, method: "none" };
}

// Every token unique, even two issued in the same second.
server.service.on("beforeTokenSigning", (token) => {
  token.payload.jti = randomUUID();
});

server.service.on("beforeResponse", (response, request) => {
  const client = clientOf(request);
  const grant = request.body.grant_type;
  state.requests.push({ grant, clientAuth: client.method, scope: request.body.scope ?? null, audience: request.body.audience ?? null, resource: request.body.resource ?? null });
  const refuse = (statusCode, error) => {
    response.statusCode = statusCode;
    response.body = { error, error_description: `refused: ${error}` };
  };
  if (state.down) return refuse(503, "temporarily_unavailable");
  const publicClient = client.method === "none" && grant !== "client_credentials";
  if (client.id !== clientId || (!publicClient && client.secret !== clientSecret)) return refuse(401, "invalid_client");
  if (grant === "refresh_token") {
    if (!state.validRefreshTokens.has(request.body.refresh_token)) return refuse(400, "invalid_grant");
    state.validRefreshTokens.delete(request.body.refresh_token); // rotation: a refresh token is used once
  }
  response.body.expires_in = state.tokenTtl;
  delete response.body.id_token;
  state.validAccessTokens.add(response.body.access_token);
  state.issued.push(response.body.access_token);
  if (response.body.refresh_token !== undefined) {
    state.validRefreshTokens.add(response.body.refresh_token);
    state.issued.push(response.body.refresh_token);
  }
});

await server.start(0, "127.0.0.1");
server.issuer.url = `http://127.0.0.1:${server.address().port}`;

const control = createServer((incoming, outgoing) => {
  const chunks = [];
  incoming.on("data", (chunk) => chunks.push(chunk));
  incoming.on("end", () => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    const answer = (status, value) => outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    switch (url.pathname) {
      case "/state":
        return answer(200, { requests: state.requests, issued: state.issued, validRefreshTokens: [...state.validRefreshTokens] });
      case "/check":
        return answer(state.validAccessTokens.has(url.searchParams.get("token")) ? 200 : 401, {});
      case "/settings":
        if (body.tokenTtl !== undefined) state.tokenTtl = body.tokenTtl;
        if (body.down !== undefined) state.down = body.down;
        return answer(200, {});
      case "/revoke-refresh-tokens":
        state.validRefreshTokens.clear();
        return answer(200, {});
      case "/revoke-access-tokens":
        state.validAccessTokens.clear();
        return answer(200, {});
      default:
        return answer(404, {});
    }
  });
});
control.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ issuer: server.issuer.url, control: `http://127.0.0.1:${control.address().port}` })}\n`);
});
process.on("SIGTERM", () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
