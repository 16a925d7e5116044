import type { MiddlewareHandler } from "hono";
import { cors } from "hono/cors";
import { SERVER_ERROR_CODES } from "./errors/server-error";
import { requestHeader } from "./request-header";

/** Request headers a browser page may send cross-origin (MCP's included). */
const allowHeaders = ["authorization", "content-type", "mcp-session-id", "mcp-protocol-version", "last-event-id"];
/** Response headers a browser page may read (`WWW-Authenticate`: a browser MCP client finds the OAuth metadata by it). */
const exposeHeaders = ["mcp-session-id", "retry-after", "www-authenticate"];

/** Checks an origin given with `--cors-origin`: `scheme://host[:port]`, nothing else. Returns the problem, or `undefined` when it is fine. */
export function problemOfCorsOrigin(origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return "is not a URL; write an origin such as https://app.example.com";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must start with http:// or https://";
  if (url.origin !== origin)
    return `must be an origin alone (scheme, host and port, no path or trailing "/"), e.g. ${url.origin}`;
  return undefined;
}

/**
 * Browser requests from another origin are refused (403 `ORIGIN_NOT_ALLOWED`)
 * unless their `Origin` is the server's own (its `Host`, or one of
 * `sameOrigins`: the public URL's) or one of `corsOrigins`; those get hono's CORS headers
 * (preflights answered before the token check, which a preflight cannot pass).
 * Requests without `Origin` (agents, curl, MCP clients) are not concerned.
 * `openPaths` (OAuth's metadata, `/token`, `/register`, `/revoke`) answer
 * every origin, preflights included, whatever `corsOrigins` says: they take
 * no ambient credential (no cookie, no admin token), and a hosted agent that
 * runs in a browser must reach them from its own origin. `/v1/me/*` answers the server's own
 * pages only (its routes refuse every other origin, `corsOrigins` included): the refusal says so
 * and names the server's own origin instead of `--cors-origin`.
 */
export function checkOrigin(
  corsOrigins: readonly string[],
  {
    sameOrigins = [],
    openPaths = new Set(),
  }: { sameOrigins?: readonly string[]; openPaths?: ReadonlySet<string> } = {},
): MiddlewareHandler {
  const allowed = new Set(corsOrigins);
  const same = new Set(sameOrigins);
  const corsHeaders = cors({
    origin: [...allowed],
    allowHeaders,
    exposeHeaders,
    allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE"],
    maxAge: 600,
  });
  const openCorsHeaders = cors({
    origin: "*",
    allowHeaders,
    exposeHeaders,
    allowMethods: ["GET", "POST"],
    maxAge: 600,
  });
  return async (c, next) => {
    const origin = requestHeader(c, "origin");
    if (origin === undefined) return next();
    // OAuth's metadata, token, registration and revocation endpoints take no ambient credential: any web page may call them.
    if (openPaths.has(c.req.path)) return openCorsHeaders(c, next);
    if (allowed.has(origin)) return corsHeaders(c, next);
    const host = requestHeader(c, "host");
    if (
      c.req.method !== "OPTIONS" &&
      (same.has(origin) || (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)))
    )
      return next();
    const quoted = JSON.stringify(origin.slice(0, 200));
    return c.json(
      {
        error: {
          code: SERVER_ERROR_CODES.ORIGIN_NOT_ALLOWED,
          message: isPersonPath(c.req.path)
            ? `browser requests from ${quoted} to /v1/me/* are not allowed: a person's connections and sign-in answer only pages of the server's own origin, whatever --cors-origin allows; open the console from ${ownOriginOf(c.req.url, host, sameOrigins)} (the server's own origin or its public URL)`
            : `browser requests from ${quoted} are not allowed; start the server with --cors-origin ${quoted} to allow that web page`,
        },
      },
      403,
    );
  };
}

/** `/v1/me` and below: a person's session routes, which answer the server's own pages only (`--cors-origin` does not open them). */
function isPersonPath(path: string): boolean {
  return path === "/v1/me" || path.startsWith("/v1/me/");
}

/** The server's own origin to name to a person: the public URL's when there is one, else the one the request reached. */
function ownOriginOf(requestUrl: string, host: string | undefined, sameOrigins: readonly string[]): string {
  const [publicOrigin] = sameOrigins;
  if (publicOrigin !== undefined) return publicOrigin;
  const { protocol, origin } = new URL(requestUrl);
  return host === undefined ? origin : `${protocol}//${host.slice(0, 200)}`;
}
