import type { Context, MiddlewareHandler } from "hono";
import { createBearerTokenCheck } from "../check-bearer-token";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { requestHeader } from "../request-header";
import type { AgentTokenIndex } from "./agent-token-index";
import { agentTokenValuePrefix } from "./agent-token-store";
import { setCallerOf } from "./caller-of-request";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";
import { metricsPath } from "../metrics/metrics-route";

const toolCallPath = /^\/v1\/tools\/[^/]+\/call$/;

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

const refuse = (c: Context, status: 401 | 403, code: string, message: string): Response => c.json({ error: { code, message } }, status);

/**
 * Every route but `/healthz`, `/readyz` and the sign-in redirect (`GET /v1/auth/callback`) needs a bearer token: the admin token (every
 * route), or an agent token (`GET /v1/tools`, `POST /v1/tools/{name}/call`,
 * `/mcp`; other routes 403). Unknown, revoked and expired tokens get 401. Only
 * values shaped like agent tokens are looked up, so a wrong token costs no
 * file check.
 */
export function authorizeCaller({ adminToken, agentTokens, metricsToken }: { adminToken: string; agentTokens: AgentTokenIndex | undefined; metricsToken?: string | undefined }): MiddlewareHandler {
  const isAdmin = createBearerTokenCheck(adminToken);
  // The metrics token opens `GET /metrics` and nothing else: a scraper's token can read counts, never a source.
  const isMetricsReader = metricsToken === undefined ? undefined : createBearerTokenCheck(metricsToken);
  const unauthorized = "missing or wrong token; send Authorization: Bearer <token> with the admin token (SRC_SERVER_TOKEN, or the content of $SRC_HOME/server.token) or an agent token (src token create)";
  return async (c, next) => {
    // The sign-in redirect comes from a browser without a token; its single-use `state` is the proof.
    if (c.req.path === "/healthz" || c.req.path === "/readyz" || (c.req.path === signInCallbackPath && c.req.method === "GET")) return next();
    const authorization = requestHeader(c, "authorization");
    if (isAdmin(authorization)) return next();
    if (isMetricsReader !== undefined && c.req.path === metricsPath && c.req.method === "GET" && isMetricsReader(authorization)) return next();
    const presented = bearerValueOf(authorization);
    if (agentTokens === undefined || presented === undefined || !presented.startsWith(agentTokenValuePrefix)) return refuse(c, 401, SERVER_ERROR_CODES.UNAUTHORIZED, unauthorized);
    const lookup = await agentTokens.lookup(presented);
    if (!lookup.found) {
      return refuse(
        c,
        401,
        SERVER_ERROR_CODES.UNAUTHORIZED,
        lookup.reason === "expired" ? "the agent token has expired; ask the operator for a new one (src token create)" : unauthorized,
      );
    }
    if (!isAgentRoute(c.req.method, c.req.path)) {
      return refuse(c, 403, SERVER_ERROR_CODES.FORBIDDEN, `agent token "${lookup.caller.name}" may only list tools (GET /v1/tools), call them (POST /v1/tools/{name}/call) and use /mcp; ${c.req.method} ${c.req.path} needs the admin token`);
    }
    setCallerOf(c.req.raw, lookup.caller);
    return next();
  };
}
