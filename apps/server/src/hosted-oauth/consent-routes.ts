import { randomBytes, timingSafeEqual } from "node:crypto";
import { createRoute, z } from "@hono/zod-openapi";
import { sha256Of, type AgentAccessStore } from "@src/config";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonRequestBody, jsonResponse } from "../api-schemas";
import { requestHeader } from "../request-header";
import { finishAuthorizationResponse } from "./authorization-response";
import { ConsentError } from "./consent-error";
import { isMetadataDocumentClientId } from "./client-metadata-documents";
import { hostOf } from "./embedded-authorization-server";
import { sourcesOfScopes, type HostedOAuthSettings } from "./hosted-oauth-settings";

/** The lifetimes a person may choose for a grant. */
export const grantLifetimes = {
  "1d": 86_400_000,
  "30d": 30 * 86_400_000,
  "90d": 90 * 86_400_000,
  never: null,
} as const;

const consentClientSchema = z
  .object({
    id: z.string().openapi({
      description: "The client_id: a Client ID Metadata Document's URL, or the id this server gave it at registration.",
    }),
    name: z.string().openapi({ description: "The client's client_name (empty when it gave none)." }),
    idHost: z.string().nullable().openapi({
      description:
        "The host of its client_id URL (a Client ID Metadata Document); null for a client that registered itself.",
    }),
    registration: z.enum(["metadata-document", "dynamic"]).openapi({
      description:
        "How the client is known: its metadata document at its client_id URL, or dynamic registration (RFC 7591) with this server.",
    }),
    redirectUri: z.string(),
    redirectUriHost: z
      .string()
      .openapi({ description: "Where the browser goes back to: the host of the redirect URI." }),
  })
  .openapi("ConsentClient");

const consentRequestSchema = z
  .object({
    request: z.string().openapi({ description: "The waiting request's id, for the decision." }),
    csrfToken: z
      .string()
      .openapi({ description: "Bound to this sign-in and request; the decision must send it back." }),
    client: consentClientSchema,
    sources: z
      .array(z.object({ slug: z.string(), name: z.string(), connectionStatus: z.string() }))
      .openapi({ description: "The enabled sources, which the person may grant." }),
    requested: z
      .array(z.string())
      .openapi({ description: "Sources the client asked for by scope (src:SLUG, src:SLUG:read), ticked at first." }),
    requestedReadOnly: z
      .array(z.string())
      .openapi({ description: "Of those, the ones asked for read-only (src:SLUG:read)." }),
    expiresAt: z.string().openapi({ description: "When the waiting request ends; the agent must start again after." }),
  })
  .openapi("ConsentRequest");

const loadRoute = createRoute({
  method: "post",
  path: "/v1/oauth/consent",
  tags: ["oauth"],
  summary:
    "The consent page's view of a waiting sign-in of a hosted agent (admin only): the client, the enabled sources, and a CSRF token bound to this sign-in.",
  request: {
    body: jsonRequestBody(
      z.object({
        query: z.string().max(8192).openapi({
          description:
            "The authorization request's query string, as the consent page at /authorize has it (without '?').",
        }),
      }),
    ),
  },
  responses: {
    200: jsonResponse(consentRequestSchema, "The waiting request."),
    ...errorResponses(400, 401, 403, 404, 422, 500),
  },
});

const decisionRoute = createRoute({
  method: "post",
  path: "/v1/oauth/consent/decision",
  tags: ["oauth"],
  summary:
    "Allow or deny a hosted agent's sign-in (admin only); answers where to send the browser: the client's redirect URI with a code, or with error=access_denied.",
  request: {
    body: jsonRequestBody(
      z.object({
        request: z.string(),
        csrfToken: z.string(),
        decision: z.enum(["allow", "deny"]),
        sources: z
          .array(z.object({ slug: z.string(), readOnly: z.boolean() }))
          .max(1000)
          .optional()
          .openapi({ description: "Allow: the sources granted, each read-only or not (at least one)." }),
        expires: z
          .enum(["1d", "30d", "90d", "never"])
          .optional()
          .openapi({ description: "Allow: when the grant ends. Default 30d." }),
      }),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ redirectTo: z.string() }).openapi("ConsentDecision"), "Where to send the browser."),
    ...errorResponses(400, 401, 403, 404, 422, 500),
  },
});

const bearerOf = (authorization: string | undefined): string =>
  /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? "")?.[1] ?? "";
const sameDigest = (a: string, b: string): boolean => timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));

/** The consent API the console's page at `/authorize` uses: load a waiting request, then allow or deny it. */
export function registerConsentRoutes(
  { app, service, logger }: RouteContext,
  { settings, access, now = Date.now }: { settings: HostedOAuthSettings; access: AgentAccessStore; now?: () => number },
): void {
  const gone = (): ConsentError =>
    new ConsentError({
      code: "CONSENT_REQUEST_NOT_FOUND",
      message:
        "this sign-in request is unknown, answered already or expired (it waits 10 minutes); start the sign-in again from the agent",
    });

  app.openapi(loadRoute, async (c) => {
    const { query } = c.req.valid("json");
    const id = sha256Of(query.replace(/^\?/, ""));
    const request = await access.findAuthorizationRequest(id, new Date(now()));
    if (request === undefined) throw gone();
    const csrfToken = randomBytes(32).toString("base64url");
    await access.putAuthorizationRequest({
      ...request,
      csrf: { tokenSha256: sha256Of(csrfToken), signInSha256: sha256Of(bearerOf(requestHeader(c, "authorization"))) },
    });
    const requested = sourcesOfScopes(request.scopes);
    const sources = (await service.listSources()).flatMap((entry) =>
      entry.ok && entry.source.enabled
        ? [{ slug: entry.slug, name: entry.source.name, connectionStatus: entry.source.status.connectionStatus }]
        : [],
    );
    const metadataDocument = isMetadataDocumentClientId(request.clientId);
    return c.json(
      {
        request: id,
        csrfToken,
        client: {
          id: request.clientId,
          name: request.clientName,
          idHost: metadataDocument ? hostOf(request.clientId) : null,
          registration: metadataDocument ? ("metadata-document" as const) : ("dynamic" as const),
          redirectUri: request.redirectUri,
          redirectUriHost: hostOf(request.redirectUri),
        },
        sources,
        requested: requested.sources,
        requestedReadOnly: requested.readOnlySources,
        expiresAt: request.expiresAt,
      },
      200,
    );
  });

  app.openapi(decisionRoute, async (c) => {
    const body = c.req.valid("json");
    if (!/^[0-9a-f]{64}$/.test(body.request)) throw gone();
    const at = new Date(now());
    const request = await access.findAuthorizationRequest(body.request, at);
    if (request === undefined) throw gone();
    const signIn = sha256Of(bearerOf(requestHeader(c, "authorization")));
    if (
      request.csrf === null ||
      !sameDigest(request.csrf.tokenSha256, sha256Of(body.csrfToken)) ||
      !sameDigest(request.csrf.signInSha256, signIn)
    ) {
      throw new ConsentError({
        code: "CONSENT_CSRF_INVALID",
        message: "the consent page's CSRF token does not match this sign-in; reload the page and decide again",
      });
    }
    let consent: { sources: string[]; readOnlySources: string[]; expiresAt: string | null } | undefined;
    if (body.decision === "allow") {
      const chosen = body.sources ?? [];
      if (chosen.length === 0)
        throw new ConsentError({
          code: "CONSENT_INVALID",
          message: "sources: tick at least one source to allow, or deny",
        });
      const enabled = new Set(
        (await service.listSources()).flatMap((entry) => (entry.ok && entry.source.enabled ? [entry.slug] : [])),
      );
      const unknown = chosen.filter((choice) => !enabled.has(choice.slug));
      if (unknown.length > 0)
        throw new ConsentError({
          code: "CONSENT_INVALID",
          message: `sources: ${unknown.map((choice) => JSON.stringify(choice.slug)).join(", ")} is not an enabled source; reload the page`,
        });
      const lifetime = grantLifetimes[body.expires ?? "30d"];
      consent = {
        sources: [...new Set(chosen.map((choice) => choice.slug))].sort(),
        readOnlySources: [...new Set(chosen.filter((choice) => choice.readOnly).map((choice) => choice.slug))].sort(),
        expiresAt: lifetime === null ? null : new Date(at.getTime() + lifetime).toISOString(),
      };
    }
    // Single use: a second decision on the same request finds nothing.
    const taken = await access.takeAuthorizationRequest(body.request, at);
    if (taken === undefined) throw gone();
    const redirect = new URL(taken.redirectUri);
    if (consent === undefined) {
      redirect.searchParams.set("error", "access_denied");
      redirect.searchParams.set("error_description", "the operator denied the sign-in");
      logger.info(
        { event: "oauth_consent_denied", client: taken.clientName, clientIdHost: hostOf(taken.clientId) },
        "hosted agent's sign-in denied",
      );
    } else {
      const code = randomBytes(32).toString("base64url");
      await access.addCode({
        sha256: sha256Of(code),
        clientId: taken.clientId,
        clientName: taken.clientName,
        redirectUri: taken.redirectUri,
        redirectUriGiven: taken.redirectUriGiven,
        codeChallenge: taken.codeChallenge,
        resource: taken.resource,
        consent,
        createdAt: at.toISOString(),
        expiresAt: new Date(at.getTime() + settings.codeTtlSeconds * 1000).toISOString(),
        usedAt: null,
        tokenId: null,
      });
      redirect.searchParams.set("code", code);
      logger.info(
        {
          event: "oauth_consent_allowed",
          client: taken.clientName,
          clientIdHost: hostOf(taken.clientId),
          sources: consent.sources,
          readOnlySources: consent.readOnlySources,
          expiresAt: consent.expiresAt,
        },
        "hosted agent's sign-in allowed",
      );
    }
    return c.json({ redirectTo: finishAuthorizationResponse(redirect, taken.state, settings.issuer) }, 200);
  });
}
