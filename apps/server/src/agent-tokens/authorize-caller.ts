import { AGENT_ACCESS_ERROR_CODES } from "@src/config";
import type { Context, MiddlewareHandler } from "hono";
import { createBearerTokenCheck } from "../check-bearer-token";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { requestHeader } from "../request-header";
import type { AgentTokenIndex } from "./agent-token-index";
import { oauthAccessTokenPrefix } from "./agent-token-index";
import { agentTokenValuePrefix } from "./agent-token-store";
import { setCallerOf } from "./caller-of-request";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";
import type { HostedOAuthSettings } from "../hosted-oauth/hosted-oauth-settings";
import type { IssuerTokenVerifier } from "../hosted-oauth/issuer-token-verifier";
import { metricsPath } from "../metrics/metrics-route";

const toolCallPath = /^\/v1\/tools\/[^/]+\/call$/;
const connectLinkPath = /^\/v1\/connect\/[^/]+$/;
const connectSignInPath = /^\/v1\/connect\/[^/]+\/sign-in(\/progress)?$/;
/** "My connections": a person's own session cookie is the proof, checked by the routes themselves. */
const personPath = /^\/v1\/me(\/|$)/;

/** The only routes an agent token may use: list tools, call a tool, MCP. */
export function isAgentRoute(method: string, path: string): boolean {
  if (path === "/mcp") return true;
  if (method === "GET" && path === "/v1/tools") return true;
  return method === "POST" && toolCallPath.test(path);
}

function bearerValueOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
}

const refuse = (
  c: Context,
  status: 401 | 403 | 503,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response => c.json({ error: { code, message } }, status, headers);

/** `/mcp` as an OAuth protected resource: what its 401 and 403 answers name, and how a JWT of the team's identity provider is checked. */
export interface ProtectedResource {
  settings: HostedOAuthSettings;
  /** The scopes to name in `WWW-Authenticate`. */
  scopes(): Promise<string[]>;
  /** `--oauth-issuer`: checks a presented JWT. */
  issuerTokens?: IssuerTokenVerifier | undefined;
}

/**
 * The answer when the agent token store cannot be read: 503, never 401, since the presented token may well be
 * fine (a 401 would tell its holder to throw it away, and an MCP client to sign in again). A damaged token file is
 * `AGENT_TOKENS_DAMAGED`, as `GET /v1/tokens` reports it to the admin; the file and how to restore it are in the
 * server log (`agent_tokens_damaged`), for the operator.
 */
function refuseUnreadableStore(c: Context, error: Error): Response {
  if ((error as { code?: unknown }).code === AGENT_ACCESS_ERROR_CODES.AGENT_TOKENS_DAMAGED)
    return refuse(
      c,
      503,
      AGENT_ACCESS_ERROR_CODES.AGENT_TOKENS_DAMAGED,
      "the server's agent token store cannot be read (damaged), so no agent token can be checked; this is not a problem of the token sent: keep it. The server's operator must restore the store (its log, event agent_tokens_damaged, names the file and how)",
    );
  return refuse(
    c,
    503,
    SERVER_ERROR_CODES.INTERNAL,
    "the server's agent token store cannot be read right now, so no agent token can be checked; this is not a problem of the token sent: try again shortly, and if it lasts, tell the server's operator (its log, event agent_tokens_damaged, has the details)",
    { "retry-after": "5" },
  );
}

const quoted = (value: string): string => `"${value.replace(/["\\]/g, "")}"`;

/** RFC 6750 / RFC 9728: the `WWW-Authenticate` challenge of `/mcp`. */
export async function bearerChallenge(
  resource: ProtectedResource,
  error?: { code: "invalid_token" | "insufficient_scope"; description: string },
): Promise<string> {
  const parts = [
    ...(error === undefined ? [] : [`error=${quoted(error.code)}`, `error_description=${quoted(error.description)}`]),
    `resource_metadata=${quoted(resource.settings.resourceMetadataUrl)}`,
    `scope=${quoted((await resource.scopes()).join(" "))}`,
  ];
  return `Bearer ${parts.join(", ")}`;
}

/**
 * Every route but `/healthz`, `/readyz` and the sign-in redirect (`GET /v1/auth/callback`) needs a bearer token: the admin token (every
 * route), or an agent token (`GET /v1/tools`, `POST /v1/tools/{name}/call`,
 * `/mcp`; other routes 403). Unknown, revoked and expired tokens get 401; while the token store cannot be read, an
 * agent token gets 503 (`AGENT_TOKENS_DAMAGED` for a damaged file). Only
 * values shaped like agent tokens are looked up, so a wrong token costs no
 * file check. With OAuth on (`resource`), `/mcp` also takes the embedded
 * authorization server's access tokens (bound to `/mcp`) or the identity
 * provider's JWTs, and its 401 and 403 carry a `WWW-Authenticate` challenge
 * naming the protected resource metadata.
 */
export function authorizeCaller({
  adminToken,
  agentTokens,
  resource,
  metricsToken,
}: {
  adminToken: string;
  agentTokens: AgentTokenIndex | undefined;
  resource?: ProtectedResource | undefined;
  metricsToken?: string | undefined;
}): MiddlewareHandler {
  const isAdmin = createBearerTokenCheck(adminToken);
  // The metrics token opens `GET /metrics` and nothing else: a scraper's token can read counts, never a source.
  const isMetricsReader = metricsToken === undefined ? undefined : createBearerTokenCheck(metricsToken);
  const unauthorizedHere =
    "missing or wrong token; send Authorization: Bearer <token> with the admin token (SRC_SERVER_TOKEN, or the content of $SRC_HOME/server.token) or an agent token (src token create)";
  return async (c, next) => {
    // The sign-in redirect comes from a browser without a token; its single-use `state` is the proof.
    if (
      c.req.path === "/healthz" ||
      c.req.path === "/readyz" ||
      (c.req.path === signInCallbackPath && c.req.method === "GET")
    )
      return next();
    // A connect link's page reads and uses its link without a token: the link's own single-use token is the proof.
    if (connectLinkPath.test(c.req.path) && (c.req.method === "GET" || c.req.method === "POST")) return next();
    if (connectSignInPath.test(c.req.path) && c.req.method === "POST") return next();
    if (personPath.test(c.req.path)) return next();
    const authorization = requestHeader(c, "authorization");
    if (isAdmin(authorization)) return next();
    const onMetrics = c.req.path === metricsPath && (c.req.method === "GET" || c.req.method === "HEAD");
    if (isMetricsReader !== undefined && onMetrics && isMetricsReader(authorization)) return next();
    const presented = bearerValueOf(authorization);
    const onMcp = c.req.path === "/mcp";
    // A scraper is told what opens /metrics, not about agent tokens (which never do).
    const unauthorized = onMetrics
      ? `missing or wrong token; GET /metrics takes Authorization: Bearer <token> with the admin token${isMetricsReader === undefined ? "" : " or the metrics token (--metrics-token, SRC_METRICS_TOKEN)"}`
      : unauthorizedHere;
    const challenged = onMcp && resource !== undefined && resource.settings.mode !== "off";
    const refuseUnauthorized = async (message: string, invalid: boolean): Promise<Response> =>
      refuse(
        c,
        401,
        SERVER_ERROR_CODES.UNAUTHORIZED,
        message,
        challenged
          ? {
              "www-authenticate": await bearerChallenge(
                resource,
                invalid ? { code: "invalid_token", description: message } : undefined,
              ),
            }
          : {},
      );

    if (presented === undefined)
      return refuseUnauthorized(
        challenged ? `${unauthorized}; or sign in with OAuth (${resource.settings.resourceMetadataUrl})` : unauthorized,
        false,
      );

    if (
      presented.startsWith(oauthAccessTokenPrefix) &&
      resource?.settings.mode === "embedded" &&
      agentTokens !== undefined
    ) {
      const lookup = await agentTokens.lookup(presented);
      if (!lookup.found && lookup.reason === "unreadable") return refuseUnreadableStore(c, lookup.error);
      if (!lookup.found)
        return refuseUnauthorized(
          lookup.reason === "expired"
            ? "the access token has expired; refresh it"
            : "the access token is unknown or revoked; sign in again",
          true,
        );
      if (!onMcp || lookup.resource !== resource.settings.resource)
        return refuseUnauthorized(`this access token is for ${lookup.resource ?? "another resource"} only`, true);
      setCallerOf(c.req, lookup.caller);
      return next();
    }

    if (!presented.startsWith(agentTokenValuePrefix)) {
      if (onMcp && resource?.issuerTokens !== undefined) {
        const outcome = await resource.issuerTokens.verify(presented);
        if (outcome.ok) {
          setCallerOf(c.req, outcome.caller);
          return next();
        }
        if (outcome.reason === "insufficient_scope") {
          return refuse(c, 403, SERVER_ERROR_CODES.FORBIDDEN, outcome.message, {
            "www-authenticate": await bearerChallenge(resource, {
              code: "insufficient_scope",
              description: outcome.message,
            }),
          });
        }
        if (outcome.reason === "unavailable")
          return refuse(c, 503, SERVER_ERROR_CODES.INTERNAL, outcome.message, { "retry-after": "5" });
        return refuseUnauthorized(outcome.message, true);
      }
      return refuseUnauthorized(unauthorized, true);
    }
    if (agentTokens === undefined) return refuseUnauthorized(unauthorized, true);
    const lookup = await agentTokens.lookup(presented);
    if (!lookup.found && lookup.reason === "unreadable") return refuseUnreadableStore(c, lookup.error);
    if (!lookup.found) {
      return refuseUnauthorized(
        lookup.reason === "expired"
          ? "the agent token has expired; ask the operator for a new one (src token create)"
          : unauthorized,
        true,
      );
    }
    if (!isAgentRoute(c.req.method, c.req.path)) {
      return refuse(
        c,
        403,
        SERVER_ERROR_CODES.FORBIDDEN,
        `agent token "${lookup.caller.name}" may only list tools (GET /v1/tools), call them (POST /v1/tools/{name}/call) and use /mcp; ${c.req.method} ${c.req.path} needs the admin token${onMetrics && isMetricsReader !== undefined ? " or the metrics token" : ""}`,
      );
    }
    setCallerOf(c.req, lookup.caller);
    return next();
  };
}
