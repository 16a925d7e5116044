import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { isForeignOrigin } from "../connect/person-sign-in";
import type { RouteContext } from "../app-context";
import { errorResponses } from "../api-schemas";
import { personSessionCookie, type PersonSessions } from "../connect/person-sessions";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { requestHeader } from "../request-header";
import { slugParamSchema } from "./source-routes";

const personSecurity = [{ personSession: [] }];

const myConnectionSchema = z
  .object({
    slug: z.string(),
    name: z.string().openapi({ description: "The source's name." }),
    updatedAt: z.string().openapi({ description: "When the person connected it (ISO 8601)." }),
  })
  .openapi("MyConnection", { description: "One of the person's own connections. Never a value." });

const listRoute = createRoute({
  method: "get",
  path: "/v1/me/connections",
  tags: ["my connections"],
  security: personSecurity,
  summary:
    "The person's own connections to per-user sources, sorted by source; never a value, never another principal's. Takes the person's session cookie (granted by a successful connect through a connect link, or a sign-in at the identity provider: POST /v1/me/sign-in), not a bearer token.",
  responses: {
    200: {
      description: "Who the session is for, and their connections.",
      content: {
        "application/json": {
          schema: z.object({ principal: z.string(), connections: z.array(myConnectionSchema) }),
        },
      },
    },
    ...errorResponses(401, 403),
  },
});

const removeRoute = createRoute({
  method: "delete",
  path: "/v1/me/connections/{slug}",
  tags: ["my connections"],
  security: personSecurity,
  summary:
    "Removes one of the person's own connections: their agent's next call to that source answers NOT_CONNECTED. `deleted` is false when there was none. Takes the person's session cookie.",
  request: { params: slugParamSchema },
  responses: {
    200: {
      description: "Removed, or there was none.",
      content: { "application/json": { schema: z.object({ slug: z.string(), deleted: z.boolean() }) } },
    },
    ...errorResponses(401, 403, 404),
  },
});

const signOutRoute = createRoute({
  method: "delete",
  path: "/v1/me/session",
  tags: ["my connections"],
  security: [],
  summary:
    "Ends the person's session: clears its cookie, and this server refuses that cookie's value from then on. Answers the same with no session.",
  responses: {
    200: {
      description: "Signed out.",
      content: { "application/json": { schema: z.object({ signedOut: z.literal(true) }) } },
    },
    ...errorResponses(403),
  },
});

const noSession =
  "no session of yours: open the connect link your agent gave you and connect (the page then offers My connections), or sign in at the identity provider where this server offers it (POST /v1/me/sign-in); a session lasts 30 minutes";

/**
 * `GET /v1/me/connections`, `DELETE /v1/me/connections/{slug}` and `DELETE /v1/me/session`: a person's own
 * connections, by the session cookie a connect grants (HttpOnly, SameSite=Strict, sent to `/v1/me` only). Browser
 * requests from another origin are refused, whatever `--cors-origin` allows: only the console's own page may use
 * the cookie.
 */
export function registerMyConnectionRoutes(
  { app, service, logger }: RouteContext,
  { sessions, secure }: { sessions: PersonSessions; secure: (requestUrl: string) => boolean },
): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "personSession", {
    type: "apiKey",
    in: "cookie",
    name: personSessionCookie,
    description:
      "A person's session: granted (HttpOnly, SameSite=Strict, sent to /v1/me and /v1/connect only, 30 minutes) when they connect a per-user source through a connect link, or sign in at the team's identity provider (POST /v1/me/sign-in). Opens their own connections only, and a connect link of theirs when it is for a user of the identity provider.",
  });
  const foreignOrigin = (c: Context): boolean => isForeignOrigin(c);
  const refuse = (c: Context, status: 401 | 403, message: string) =>
    c.json(
      { error: { code: status === 401 ? SERVER_ERROR_CODES.UNAUTHORIZED : SERVER_ERROR_CODES.FORBIDDEN, message } },
      status,
    );
  const foreign = "a person's connections are reached from the console's own page only, not from another origin";

  app.openapi(listRoute, async (c) => {
    if (foreignOrigin(c)) return refuse(c, 403, foreign);
    const principal = sessions.principalOf(requestHeader(c, "cookie"));
    if (principal === undefined) return refuse(c, 401, noSession);
    const names = new Map(
      (await service.listSources()).map((entry) => [entry.slug, entry.ok ? entry.source.name : entry.slug]),
    );
    const connections = (await service.listConnections({ principal })).map((entry) => ({
      slug: entry.slug,
      name: names.get(entry.slug) ?? entry.slug,
      updatedAt: entry.updatedAt,
    }));
    return c.json({ principal, connections }, 200);
  });
  app.openapi(removeRoute, async (c) => {
    if (foreignOrigin(c)) return refuse(c, 403, foreign);
    const principal = sessions.principalOf(requestHeader(c, "cookie"));
    if (principal === undefined) return refuse(c, 401, noSession);
    const { slug } = c.req.valid("param");
    const deleted = await service.deleteConnection(slug, principal);
    logger.info({ event: "disconnected", source: slug, principal, by: "person" }, "a person removed a connection");
    return c.json({ slug, deleted }, 200);
  });
  app.openapi(signOutRoute, (c) => {
    if (foreignOrigin(c)) return refuse(c, 403, foreign);
    // The cookie is cleared, and its value refused from now on: a copy of it opens nothing after the sign-out.
    sessions.end(requestHeader(c, "cookie"));
    for (const cookie of sessions.clearingCookies(secure(c.req.url))) c.header("set-cookie", cookie, { append: true });
    return c.json({ signedOut: true as const }, 200);
  });
}
