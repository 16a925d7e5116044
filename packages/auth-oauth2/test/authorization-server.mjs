// A real OAuth 2.0 authorization server for tests, in its own process: oauth2-mock-server
// (client credentials, authorization code with PKCE, refresh tokens, ID tokens) behind a front
// on 127.0.0.1 that enforces client authentication, refresh-token rotation and revocation
// (RFC 7009), serves discovery (RFC 8414 and OpenID Connect), and reproduces one provider's
// quirks (OAUTH_PROFILE):
//   default  issuer = the front's origin; /token, /authorize, /revoke
//   google   issuer http://127.0.0.1:F, token and revocation endpoints on another origin
//            (http://127.0.0.2:G); ID tokens carry the issuer; a refresh token only with
//            access_type=offline, and only on the first consent unless prompt=consent
//   entra    issuer http://127.0.0.1:F/<tenant>/v2.0 (the tenant in its path), endpoints under
//            /<tenant>/oauth2/v2.0/, OpenID Connect discovery only, no revocation endpoint;
//            a refresh token only when offline_access is among the scopes
//   github   no discovery; /login/oauth/access_token answers form-encoded unless the client
//            asks for JSON, errors with HTTP 200, no expires_in, no refresh token, no ID token,
//            scopes comma-separated
//   narrow   grants only the first scope requested (a narrower `scope` answer)
// A control server lets the test read what happened and change the rules.
// Prints one JSON line { issuer, tokenUrl, authorizationUrl, revocationUrl, control } when ready.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { OAuth2Server } from "oauth2-mock-server";

const clientId = process.env.OAUTH_CLIENT_ID ?? "test-client";
const clientSecret = process.env.OAUTH_CLIENT_SECRET ?? "";
const profile = process.env.OAUTH_PROFILE ?? "default";
const tenant = "9188040d-6c67-4c5b-b112-36a304b66dad";
const state = {
  tokenTtl: Number(process.env.OAUTH_TOKEN_TTL ?? 3600),
  down: false,
  /** How long the token endpoint waits before it answers, in ms (two processes' requests then overlap). */
  tokenDelayMs: 0,
  /** null: discovery lists no PKCE methods; else the list advertised. */
  advertisePkce: ["plain", "S256"],
  requests: [],
  issued: [],
  revocations: [],
  validAccessTokens: new Set(),
  validRefreshTokens: new Set(),
  /** authorization code → what its authorization request asked (scope, access_type, prompt). */
  codes: new Map(),
  /** client ids that consented once (google). */
  consented: new Set(),
};

const mock = new OAuth2Server();
await mock.issuer.keys.generate("RS256");

function readBody(incoming) {
  return new Promise((resolve) => {
    const chunks = [];
    incoming.on("data", (chunk) => chunks.push(chunk));
    incoming.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

function clientOf(headers, body) {
  const header = headers.authorization ?? "";
  if (header.startsWith("Basic ")) {
    const [id, secret] = Buffer.from(header.slice(6), "base64")
      .toString("utf8")
      .split(":")
      .map((part) => decodeURIComponent(part.replaceAll("+", " ")));
    return { id, secret, method: "client_secret_basic" };
  }
  if (body.get("client_secret") !== null)
    return { id: body.get("client_id"), secret: body.get("client_secret"), method: "client_secret_post" };
  return { id: body.get("client_id"), secret: undefined, method: "none" };
}

// Every token unique, even two issued in the same second.
mock.service.on("beforeTokenSigning", (token) => {
  token.payload.jti = randomUUID();
});

mock.service.on("beforeAuthorizeRedirect", (redirect, request) => {
  const code = redirect.url.searchParams.get("code");
  if (code !== null)
    state.codes.set(code, {
      scope: request.query.scope ?? "",
      accessType: request.query.access_type,
      prompt: request.query.prompt,
      clientId: request.query.client_id,
    });
});

mock.service.on("beforeResponse", (response, request) => {
  const client = clientOf(request.headers, new URLSearchParams(request.body));
  const grant = request.body.grant_type;
  const refuse = (statusCode, error) => {
    response.statusCode = statusCode;
    response.body = { error, error_description: `refused: ${error}` };
  };
  const authorized = grant === "authorization_code" ? state.codes.get(request.body.code) : undefined;
  state.requests.push({
    grant,
    clientAuth: client.method,
    scope: request.body.scope ?? null,
    audience: request.body.audience ?? null,
    resource: request.body.resource ?? null,
    accept: request.headers.accept ?? null,
    authorizedScope: authorized?.scope ?? null,
  });
  if (state.down) return refuse(503, "temporarily_unavailable");
  const publicClient = client.method === "none" && grant !== "client_credentials";
  if (client.id !== clientId || (!publicClient && client.secret !== clientSecret)) return refuse(401, "invalid_client");
  if (grant === "refresh_token") {
    if (!state.validRefreshTokens.has(request.body.refresh_token)) return refuse(400, "invalid_grant");
    state.validRefreshTokens.delete(request.body.refresh_token); // rotation: a refresh token is used once
  }
  if (authorized !== undefined) {
    state.codes.delete(request.body.code);
    response.body.scope = authorized.scope;
  }
  const scopes = String(response.body.scope ?? "")
    .split(" ")
    .filter((scope) => scope !== "" && scope !== "dummy");
  response.body.expires_in = state.tokenTtl;
  if (profile === "narrow" && scopes.length > 1) response.body.scope = scopes[0];
  if (profile === "google" && grant === "authorization_code") {
    const offline = authorized?.accessType === "offline";
    const firstConsent = !state.consented.has(client.id);
    state.consented.add(client.id);
    if (!offline || (!firstConsent && authorized?.prompt !== "consent")) delete response.body.refresh_token;
    if (!scopes.includes("openid") && !scopes.includes("email")) delete response.body.id_token;
  }
  if (profile === "entra" && grant === "authorization_code" && !scopes.includes("offline_access"))
    delete response.body.refresh_token;
  if (profile === "github") {
    delete response.body.expires_in;
    delete response.body.refresh_token;
    delete response.body.id_token;
    response.body.token_type = "bearer";
    response.body.scope = scopes.join(",");
  }
  if (grant === "client_credentials") delete response.body.id_token;
  state.validAccessTokens.add(response.body.access_token);
  state.issued.push(response.body.access_token);
  if (response.body.refresh_token !== undefined) {
    state.validRefreshTokens.add(response.body.refresh_token);
    state.issued.push(response.body.refresh_token);
  }
});

await mock.start(0, "127.0.0.1");
const mockOrigin = `http://127.0.0.1:${mock.address().port}`;

// The front: one listener on 127.0.0.1, and one on 127.0.0.2 for the google profile's token origin.
const front = createServer((incoming, outgoing) => void serve(incoming, outgoing));
const other = createServer((incoming, outgoing) => void serve(incoming, outgoing));
await new Promise((resolve) => front.listen(0, "127.0.0.1", resolve));
await new Promise((resolve) => other.listen(0, "127.0.0.2", resolve));
const frontOrigin = `http://127.0.0.1:${front.address().port}`;
const otherOrigin = `http://127.0.0.2:${other.address().port}`;

const layouts = {
  default: {
    issuer: frontOrigin,
    token: `${frontOrigin}/token`,
    authorize: `${frontOrigin}/authorize`,
    revoke: `${frontOrigin}/revoke`,
    discovery: ["oauth2", "oidc"],
  },
  narrow: {
    issuer: frontOrigin,
    token: `${frontOrigin}/token`,
    authorize: `${frontOrigin}/authorize`,
    revoke: `${frontOrigin}/revoke`,
    discovery: ["oauth2", "oidc"],
  },
  google: {
    issuer: frontOrigin,
    token: `${otherOrigin}/token`,
    authorize: `${frontOrigin}/o/oauth2/v2/auth`,
    revoke: `${otherOrigin}/revoke`,
    discovery: ["oidc"],
  },
  entra: {
    issuer: `${frontOrigin}/${tenant}/v2.0`,
    token: `${frontOrigin}/${tenant}/oauth2/v2.0/token`,
    authorize: `${frontOrigin}/${tenant}/oauth2/v2.0/authorize`,
    revoke: undefined,
    discovery: ["oidc"],
  },
  github: {
    issuer: frontOrigin,
    token: `${frontOrigin}/login/oauth/access_token`,
    authorize: `${frontOrigin}/login/oauth/authorize`,
    revoke: undefined,
    discovery: [],
  },
};
const layout = layouts[profile];
if (layout === undefined) throw new Error(`unknown OAUTH_PROFILE ${profile}`);
mock.issuer.url = layout.issuer;
const issuerPath = new URL(layout.issuer).pathname.replace(/\/$/, "");

function metadata() {
  return {
    issuer: layout.issuer,
    token_endpoint: layout.token,
    authorization_endpoint: layout.authorize,
    ...(layout.revoke === undefined ? {} : { revocation_endpoint: layout.revoke }),
    jwks_uri: `${frontOrigin}/jwks`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "client_credentials", "refresh_token"],
    token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post", "none"],
    id_token_signing_alg_values_supported: ["RS256"],
    subject_types_supported: ["public"],
    ...(state.advertisePkce === null ? {} : { code_challenge_methods_supported: state.advertisePkce }),
  };
}

const json = (outgoing, status, value, headers = {}) =>
  outgoing.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(value));

async function serve(incoming, outgoing) {
  const body = await readBody(incoming);
  const here = `http://${incoming.headers.host}`;
  const url = new URL(incoming.url ?? "/", here);
  const full = `${here}${url.pathname}`;
  // Discovery: RFC 8414 inserts the well-known segment before the issuer's path, OpenID Connect appends it.
  if (
    incoming.method === "GET" &&
    layout.discovery.includes("oauth2") &&
    url.pathname === `/.well-known/oauth-authorization-server${issuerPath}`
  )
    return json(outgoing, 200, metadata());
  if (
    incoming.method === "GET" &&
    layout.discovery.includes("oidc") &&
    url.pathname === `${issuerPath}/.well-known/openid-configuration`
  )
    return json(outgoing, 200, metadata());
  if (url.pathname === "/jwks") return (await proxy(incoming, outgoing, "/jwks", url.search, body)).send();
  if (full === layout.authorize && incoming.method === "GET")
    return (await proxy(incoming, outgoing, "/authorize", url.search, body)).send();
  if (full === layout.revoke && incoming.method === "POST") return revoke(incoming, outgoing, body);
  if (full === layout.token && incoming.method === "POST") return token(incoming, outgoing, body);
  return json(outgoing, 404, { error: "not_found" });
}

async function proxy(incoming, outgoing, path, search, body) {
  const headers = { ...incoming.headers };
  delete headers.host;
  delete headers["content-length"];
  const answer = await fetch(`${mockOrigin}${path}${search}`, {
    method: incoming.method,
    headers,
    body: incoming.method === "GET" ? undefined : body,
    redirect: "manual",
  });
  const text = await answer.text();
  const passed = {};
  for (const name of ["content-type", "location", "cache-control", "pragma"])
    if (answer.headers.get(name) !== null) passed[name] = answer.headers.get(name);
  return {
    status: answer.status,
    headers: passed,
    text,
    send: () => outgoing.writeHead(answer.status, passed).end(text),
  };
}

async function token(incoming, outgoing, body) {
  if (state.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.tokenDelayMs));
  const answer = await proxy(incoming, outgoing, "/token", "", body);
  if (profile !== "github") return answer.send();
  // GitHub: form-encoded unless the client asks for JSON; errors with HTTP 200.
  const wantsJson = /application\/json/.test(incoming.headers.accept ?? "");
  const parsed = JSON.parse(answer.text);
  if (wantsJson) return json(outgoing, 200, parsed);
  const form = new URLSearchParams(Object.entries(parsed).map(([key, value]) => [key, String(value)])).toString();
  return outgoing.writeHead(200, { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }).end(form);
}

function revoke(incoming, outgoing, body) {
  const form = new URLSearchParams(body.toString("utf8"));
  const client = clientOf(incoming.headers, form);
  const tokenValue = form.get("token") ?? "";
  state.revocations.push({
    clientAuth: client.method,
    tokenTypeHint: form.get("token_type_hint"),
    known: state.issued.includes(tokenValue),
  });
  if (state.down) return json(outgoing, 503, { error: "temporarily_unavailable" });
  const publicClient = client.method === "none";
  if (client.id !== clientId || (!publicClient && client.secret !== clientSecret))
    return json(outgoing, 401, { error: "invalid_client" });
  // RFC 7009 2.1: revoking a refresh token may revoke the access tokens of the same grant; here all of them.
  if (state.validRefreshTokens.delete(tokenValue)) state.validAccessTokens.clear();
  state.validAccessTokens.delete(tokenValue);
  return outgoing.writeHead(200).end();
}

const control = createServer((incoming, outgoing) => {
  void readBody(incoming).then((raw) => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const body = raw.length > 0 ? JSON.parse(raw.toString("utf8")) : {};
    switch (url.pathname) {
      case "/state":
        return json(outgoing, 200, {
          requests: state.requests,
          issued: state.issued,
          validRefreshTokens: [...state.validRefreshTokens],
          revocations: state.revocations,
        });
      case "/check":
        return json(outgoing, state.validAccessTokens.has(url.searchParams.get("token")) ? 200 : 401, {});
      case "/settings":
        if (body.tokenTtl !== undefined) state.tokenTtl = body.tokenTtl;
        if (body.down !== undefined) state.down = body.down;
        if (body.tokenDelayMs !== undefined) state.tokenDelayMs = body.tokenDelayMs;
        if (body.advertisePkce !== undefined) state.advertisePkce = body.advertisePkce;
        return json(outgoing, 200, {});
      case "/revoke-refresh-tokens":
        state.validRefreshTokens.clear();
        return json(outgoing, 200, {});
      case "/revoke-access-tokens":
        state.validAccessTokens.clear();
        return json(outgoing, 200, {});
      default:
        return json(outgoing, 404, {});
    }
  });
});
control.listen(0, "127.0.0.1", () => {
  process.stdout.write(
    `${JSON.stringify({ issuer: layout.issuer, tokenUrl: layout.token, authorizationUrl: layout.authorize, revocationUrl: layout.revoke ?? null, control: `http://127.0.0.1:${control.address().port}` })}\n`,
  );
});
process.on("SIGTERM", () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
