// A certified OpenID provider for tests, in its own process: oidc-provider on 127.0.0.1 with
// discovery, the authorization code grant (PKCE), the device authorization grant (RFC 8628),
// refresh-token rotation, revocation (RFC 7009) and ID tokens carrying its own issuer (with a
// path, /oidc). Sign-in pages are played by a browser; the login and consent steps accept at
// once (or refuse, when told). A control server reports every token it issued and checks tokens
// for the test API. Prints one JSON line { issuer, control } when ready.
import { createServer } from "node:http";
import Provider from "oidc-provider";

const confidentialId = process.env.OIDC_CLIENT_ID ?? "oidc-client";
const confidentialSecret = process.env.OIDC_CLIENT_SECRET ?? "oidc-secret";
const publicId = process.env.OIDC_PUBLIC_CLIENT_ID ?? "oidc-public";
const redirectPaths = (process.env.OIDC_REDIRECT_PATHS ?? "/callback").split(",");
const state = {
  /** Seconds between device polls the device authorization response asks for. */
  interval: 1,
  deviceTtl: 600,
  /** How many device polls to answer slow_down before the real answer. */
  slowDowns: 0,
  /** Whether the consent step refuses (access_denied). */
  deny: false,
  /** Access tokens' lifetime in seconds. */
  accessTtl: 3600,
  /** How long the token endpoint waits before it answers, in ms (two replicas' requests then overlap). */
  tokenDelayMs: 0,
  /** Each refresh_token grant request, with the answer's status. */
  refreshes: [],
  issued: [],
  devicePolls: [],
  revocations: 0,
};

const listener = createServer();
await new Promise((resolve) => listener.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${listener.address().port}`;
const issuer = `${origin}/oidc`;

const redirectUris = redirectPaths.map((path) => `http://127.0.0.1${path}`);
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: confidentialId,
      client_secret: confidentialSecret,
      application_type: "native",
      redirect_uris: redirectUris,
      grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
    {
      client_id: publicId,
      application_type: "native",
      redirect_uris: redirectUris,
      grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
  ],
  features: { devInteractions: { enabled: false }, deviceFlow: { enabled: true }, revocation: { enabled: true } },
  scopes: ["openid", "offline_access", "read:items"],
  claims: { openid: ["sub"] },
  issueRefreshToken: () => true,
  rotateRefreshToken: true,
  ttl: {
    AccessToken: () => state.accessTtl,
    AuthorizationCode: 120,
    DeviceCode: () => state.deviceTtl,
    Grant: 3600,
    IdToken: 3600,
    Interaction: 600,
    RefreshToken: 86400,
    Session: 3600,
  },
  interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
  findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
  cookies: { keys: ["oidc-test-cookie-key-0123456789"] },
});
provider.proxy = false;

// Every token issued recorded; the device authorization answer carries the interval set.
provider.use(async (ctx, next) => {
  await next();
  if (ctx.path === "/device/auth" && ctx.body && typeof ctx.body === "object")
    ctx.body = { ...ctx.body, interval: state.interval };
  if (ctx.path === "/token" && ctx.body && typeof ctx.body === "object") {
    for (const name of ["access_token", "refresh_token", "id_token"])
      if (typeof ctx.body[name] === "string") state.issued.push(ctx.body[name]);
  }
  if (ctx.path === "/token/revocation" || ctx.path === "/revocation") state.revocations += 1;
});

// The login and consent steps: accept at once as user-1 (or refuse when told).
provider.use(async (ctx, next) => {
  if (!ctx.path.startsWith("/interaction/")) return next();
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  let result;
  if (state.deny) result = { error: "access_denied", error_description: "the person refused" };
  else if (details.prompt.name === "login") result = { login: { accountId: "user-1" } };
  else {
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: details.params.client_id });
    if (details.prompt.details.missingOIDCScope) grant.addOIDCScope(details.prompt.details.missingOIDCScope.join(" "));
    if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.prompt.details.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(" "));
    result = { consent: { grantId: await grant.save() } };
  }
  const redirectTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: true });
  ctx.redirect(redirectTo);
});

const callback = provider.callback();
listener.on("request", (incoming, outgoing) => {
  if (!incoming.url?.startsWith("/oidc")) return outgoing.writeHead(404).end();
  // Mounted under /oidc as Express would: originalUrl keeps the full path, so the provider's URLs carry the prefix.
  incoming.originalUrl = incoming.url;
  incoming.url = incoming.url.slice("/oidc".length) || "/";
  if (incoming.url.startsWith("/token") && incoming.method === "POST") return tokenRequest(incoming, outgoing);
  return callback(incoming, outgoing);
});

/** The token endpoint behind a look at the grant: device polls are recorded, and answered slow_down while told to. */
function tokenRequest(incoming, outgoing) {
  const chunks = [];
  incoming.on("data", (chunk) => chunks.push(chunk));
  incoming.on("end", () => {
    const body = Buffer.concat(chunks);
    const form = new URLSearchParams(body.toString("utf8"));
    if (form.get("grant_type") === "urn:ietf:params:oauth:grant-type:device_code") {
      state.devicePolls.push({ at: Date.now(), slowDown: state.slowDowns > 0 });
      if (state.slowDowns > 0) {
        state.slowDowns -= 1;
        outgoing
          .writeHead(400, { "content-type": "application/json", "cache-control": "no-store" })
          .end(JSON.stringify({ error: "slow_down", error_description: "you are polling too quickly" }));
        return;
      }
    }
    if (form.get("grant_type") === "refresh_token") {
      const refresh = { status: 0 };
      state.refreshes.push(refresh);
      outgoing.on("finish", () => (refresh.status = outgoing.statusCode));
    }
    // The stream is read: the provider takes the body from req.body (its selective body parser does so).
    incoming.body = body;
    setTimeout(() => callback(incoming, outgoing), state.tokenDelayMs);
  });
}

const control = createServer((incoming, outgoing) => {
  const chunks = [];
  incoming.on("data", (chunk) => chunks.push(chunk));
  incoming.on("end", async () => {
    const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
    const answer = (status, value) =>
      outgoing.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    switch (url.pathname) {
      case "/state":
        return answer(200, {
          issued: state.issued,
          devicePolls: state.devicePolls,
          revocations: state.revocations,
          refreshes: state.refreshes,
        });
      case "/check": {
        const token = url.searchParams.get("token") ?? "";
        const found = token === "" ? undefined : await provider.AccessToken.find(token).catch(() => undefined);
        return answer(found === undefined || found.isExpired ? 401 : 200, {});
      }
      case "/refresh-valid": {
        const found = await provider.RefreshToken.find(url.searchParams.get("token") ?? "").catch(() => undefined);
        return answer(found === undefined || found.isExpired || found.consumed ? 404 : 200, {});
      }
      case "/settings":
        for (const key of ["interval", "deviceTtl", "slowDowns", "deny", "accessTtl", "tokenDelayMs"])
          if (body[key] !== undefined) state[key] = body[key];
        return answer(200, {});
      default:
        return answer(404, {});
    }
  });
});
control.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ issuer, control: `http://127.0.0.1:${control.address().port}` })}\n`);
});
process.on("SIGTERM", () => process.exit(0));
process.stdin.on("end", () => process.exit(0));
process.stdin.resume();
