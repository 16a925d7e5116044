import { createRoute, z } from "@hono/zod-openapi";
import { describeAuthFields } from "@src/auth";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonObjectSchema } from "../api-schemas";
import { slugParamSchema } from "./source-routes";
import type { ConnectLinks } from "../connect/connect-links";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import type { SharedSignIns } from "@src/auth";
import { connectSignInOf } from "../connect/connect-sign-in";
import { registerConnectSignInRoutes } from "./connect-sign-in-routes";
import { connectTokenParamSchema, linkNotFound } from "./connect-link-params";
import type { PersonSessions } from "../connect/person-sessions";
import {
  needsIdentityProviderSignIn,
  noIdentityProviderMessage,
  sessionPrincipalOf,
  type PersonSignIn,
} from "../connect/person-sign-in";
import { ForbiddenError } from "../errors/forbidden-error";
import type { Context } from "hono";
import { isPrincipal, principalForms } from "@src/service";

const principalSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? `is required; write ${principalForms}` : `must be a string; write ${principalForms}`,
  })
  .refine(isPrincipal, { message: `not a principal; write ${principalForms}` })
  .openapi({
    description:
      "Who the credential belongs to: `idp:SUB` (a JWT's sub: 1 to 252 printable characters, no spaces), `grant:NAME` (a hosted agent's grant), `token:NAME` (a named agent token; NAME 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit) or `local` (the operator). Anything else is refused (422).",
    example: "idp:alice",
  });

const connectionSchema = z
  .object({
    slug: z.string(),
    principal: z.string(),
    updatedAt: z.string().openapi({ description: "When it was last stored (ISO 8601)." }),
  })
  .openapi("Connection", { description: "A principal connected to a per-user source. Never a value." });

const listRoute = createRoute({
  method: "get",
  path: "/v1/connections",
  tags: ["connections"],
  summary:
    'Who is connected to which per-user source (api.credentials "per-user"), sorted by source then principal; never a credential.',
  request: {
    query: z.object({
      source: z.string().optional().openapi({ description: "Only this source's connections (it must exist)." }),
      principal: principalSchema.optional().openapi({ description: "Only this principal's connections." }),
    }),
  },
  responses: {
    200: {
      description: "The connections.",
      content: { "application/json": { schema: z.object({ connections: z.array(connectionSchema) }) } },
    },
    ...errorResponses(401, 404, 422),
  },
});

const setRoute = createRoute({
  method: "put",
  path: "/v1/sources/{slug}/connections",
  tags: ["connections"],
  summary:
    "Store or replace one principal's own credential for a per-user source (an operator setting a person's key on their behalf). Refused (CREDENTIAL_MODE_MISMATCH) unless the source is per-user. Not tested.",
  request: {
    params: slugParamSchema,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z.object({
            principal: principalSchema,
            credential: jsonObjectSchema.openapi({
              description: "The credential of the source's auth mode, with the fields it declares.",
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "Stored.",
      content: {
        "application/json": { schema: z.object({ slug: z.string(), principal: z.string(), stored: z.literal(true) }) },
      },
    },
    ...errorResponses(400, 401, 404, 413, 422),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/v1/sources/{slug}/connections",
  tags: ["connections"],
  summary:
    "Remove one principal's own credential: that principal's next call answers NOT_CONNECTED. `deleted` is false when there was none.",
  request: { params: slugParamSchema, query: z.object({ principal: principalSchema }) },
  responses: {
    200: {
      description: "Removed, or there was none.",
      content: {
        "application/json": { schema: z.object({ slug: z.string(), principal: z.string(), deleted: z.boolean() }) },
      },
    },
    ...errorResponses(401, 404, 422),
  },
});

const connectFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string(),
  secret: z.boolean(),
  required: z.boolean(),
});

const peekRoute = createRoute({
  method: "get",
  path: "/v1/connect/{token}",
  tags: ["connections"],
  security: [],
  summary:
    "What a connect link is for: the source, the principal, and the credential fields to give. Needs no bearer token: the link's token (single use, 10 minutes, bound to one source and principal) is the proof. Uses nothing up.",
  request: { params: connectTokenParamSchema },
  responses: {
    200: {
      description: "The link is valid.",
      content: {
        "application/json": {
          schema: z.object({
            source: z.object({ slug: z.string(), name: z.string(), baseUrl: z.string(), authType: z.string() }),
            principal: z.string(),
            fields: z.array(connectFieldSchema),
            expiresAt: z.string(),
            signIn: z
              .object({
                available: z.boolean(),
                message: z.string().optional().openapi({ description: "Why not, when `available` is false." }),
              })
              .optional()
              .openapi({
                description:
                  "Present when the source's auth mode signs a person in at the upstream (OAuth 2.0's authorization code): then the page offers \"Sign in to …\" (POST /v1/connect/{token}/sign-in) instead of the fields.",
              }),
            personSignIn: z
              .object({
                signedIn: z.boolean().openapi({
                  description:
                    "Whether the request carries the session (`src_person`) of the link's principal: then the link can be used.",
                }),
                signedInAs: z
                  .string()
                  .optional()
                  .openapi({ description: "The principal of the person's session, when it is someone else's." }),
                available: z.boolean().openapi({
                  description:
                    "Whether this server signs people in at the identity provider (`--oauth-issuer` with `--oauth-console-client-id`): POST /v1/me/sign-in with the link's token.",
                }),
                message: z.string().optional().openapi({ description: "Why not, when `available` is false." }),
              })
              .optional()
              .openapi({
                description:
                  "Present when the link is for a user of the team's identity provider (`idp:SUB`): the person signs in there as that user before the link can be used (POST /v1/connect/{token} and …/sign-in answer 403 until then).",
              }),
          }),
        },
      },
    },
    ...errorResponses(404),
  },
});

const connectRoute = createRoute({
  method: "post",
  path: "/v1/connect/{token}",
  tags: ["connections"],
  security: [],
  summary:
    "Connects the link's principal to its source with the credential given (the connect page's paste-a-key form). The link is used up once this succeeds; a credential of the wrong shape leaves it usable.",
  request: {
    params: connectTokenParamSchema,
    body: { required: true, content: { "application/json": { schema: z.object({ credential: jsonObjectSchema }) } } },
  },
  responses: {
    200: {
      description: "Connected: the agent can go on.",
      content: {
        "application/json": {
          schema: z.object({ slug: z.string(), principal: z.string(), connected: z.literal(true) }),
        },
      },
    },
    ...errorResponses(400, 403, 404, 409, 413, 422),
  },
});

/** What the connection routes need besides the route context. */
export interface ConnectionRoutesOptions {
  readonly links: ConnectLinks;
  /** Where upstream sign-ins wait for their redirect (shared by every replica), and whether a person's session cookie is `Secure`. */
  readonly signIns?: SharedSignIns | undefined;
  /** The person's session granted once they connected (the "My connections" page). */
  readonly sessions?: PersonSessions | undefined;
  /** The server's public URL (the upstream's redirect goes to its /v1/auth/callback), or "" for the address a request came to. */
  readonly publicUrl?: string | undefined;
  /** Whether people sign in at the team's identity provider: a link for `idp:SUB` is used only by that person, signed in. Default: not offered. */
  readonly personSignIn?: PersonSignIn | undefined;
}

/** `personSignIn` of `GET /v1/connect/{token}`: whether the person is signed in as the link's user, and can sign in. */
interface LinkPersonSignIn {
  readonly signedIn: boolean;
  readonly signedInAs?: string;
  readonly available: boolean;
  readonly message?: string;
}

/** What a link needs of the person using it: nothing, or (a link for `idp:SUB`) their session as that user. */
export interface LinkPersonCheck {
  /** The `personSignIn` of `GET /v1/connect/{token}`, or `undefined` when the link needs no sign-in. */
  describe(c: Context, principal: string): LinkPersonSignIn | undefined;
  /** Throws unless the person may use a link for `principal` (403 not signed in as them, 409 no sign-in offered). */
  check(c: Context, principal: string): void;
}

function linkPersonCheck(sessions: PersonSessions | undefined, personSignIn: PersonSignIn): LinkPersonCheck {
  const signedInAs = (c: Context): string | undefined =>
    sessions === undefined ? undefined : sessionPrincipalOf(c, sessions);
  return {
    describe(c, principal) {
      if (!needsIdentityProviderSignIn(principal)) return undefined;
      const current = signedInAs(c);
      return {
        signedIn: current === principal,
        ...(current === undefined || current === principal ? {} : { signedInAs: current }),
        available: personSignIn.available,
        ...(personSignIn.available ? {} : { message: personSignIn.message }),
      };
    },
    check(c, principal) {
      if (!needsIdentityProviderSignIn(principal)) return;
      if (!personSignIn.available)
        throw new SignInError({
          code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
          message: `this link is for ${principal}, a user of the identity provider, who signs in there before connecting; ${personSignIn.message}`,
        });
      const current = signedInAs(c);
      if (current === principal) return;
      throw new ForbiddenError({
        message:
          current === undefined
            ? `this link is for ${principal}: sign in at the identity provider as that person first (the connect page offers it: POST /v1/me/sign-in with the link's token)`
            : `this link is for ${principal}, and you are signed in as ${current}: only ${principal} can use it; ask your own agent for a link of your own`,
      });
    },
  };
}

export function registerConnectionRoutes(
  context: RouteContext,
  {
    links,
    signIns,
    sessions,
    publicUrl = "",
    personSignIn = { available: false, message: noIdentityProviderMessage },
  }: ConnectionRoutesOptions,
): void {
  const { app, service, logger } = context;
  const baseUrlOf = (requestUrl: string): string => (publicUrl === "" ? requestUrl : publicUrl);
  const person = linkPersonCheck(sessions, personSignIn);
  app.openapi(listRoute, async (c) => {
    const { source, principal } = c.req.valid("query");
    return c.json({ connections: await service.listConnections({ slug: source, principal }) }, 200);
  });
  app.openapi(setRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { principal, credential } = c.req.valid("json");
    await service.setConnection(slug, principal, credential);
    return c.json({ slug, principal, stored: true as const }, 200);
  });
  app.openapi(deleteRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { principal } = c.req.valid("query");
    return c.json({ slug, principal, deleted: await service.deleteConnection(slug, principal) }, 200);
  });
  app.openapi(peekRoute, async (c) => {
    const link = await links.peek(c.req.valid("param").token);
    if (link === undefined)
      return c.json({ error: { code: SERVER_ERROR_CODES.NOT_FOUND, message: linkNotFound } }, 404);
    const { source } = await service.getSource(link.slug);
    const fields = describeAuthFields(service.registry.get(source.api.authType), source.api).credential.filter(
      (field) => field.notNeeded !== true,
    );
    const signIn = await connectSignInOf(service, link.slug, c.req.raw.signal);
    const personSignInOfLink = person.describe(c, link.principal);
    return c.json(
      {
        source: { slug: source.slug, name: source.name, baseUrl: source.api.baseUrl, authType: source.api.authType },
        principal: link.principal,
        fields: fields.map(({ name, label, description, secret, required }) => ({
          name,
          label,
          description,
          secret,
          required,
        })),
        expiresAt: new Date(link.expiresAtMs).toISOString(),
        ...(signIn === undefined
          ? {}
          : {
              signIn: signIn.available ? { available: true } : { available: false, message: signIn.message },
            }),
        ...(personSignInOfLink === undefined ? {} : { personSignIn: personSignInOfLink }),
      },
      200,
    );
  });
  app.openapi(connectRoute, async (c) => {
    const { token } = c.req.valid("param");
    const peeked = await links.peek(token);
    if (peeked === undefined)
      return c.json({ error: { code: SERVER_ERROR_CODES.NOT_FOUND, message: linkNotFound } }, 404);
    // A link for a user of the identity provider is used only by that person, signed in there: nothing is taken before.
    person.check(c, peeked.principal);
    const link = await links.take(token);
    if (link === undefined)
      return c.json({ error: { code: SERVER_ERROR_CODES.NOT_FOUND, message: linkNotFound } }, 404);
    try {
      await service.setConnection(link.slug, link.principal, c.req.valid("json").credential);
    } catch (error) {
      await links.putBack(token);
      throw error;
    }
    await links.connected(token);
    logger.info({ event: "connected", source: link.slug, principal: link.principal, via: "key" }, "a person connected");
    // The person proved who they are (they held the link, and signed in when it is a user's of the identity
    // provider): their session opens "My connections".
    if (sessions !== undefined)
      for (const cookie of sessions.cookiesFor(link.principal, isHttps(baseUrlOf(c.req.url))))
        c.header("set-cookie", cookie, { append: true });
    return c.json({ slug: link.slug, principal: link.principal, connected: true as const }, 200);
  });
  if (signIns !== undefined)
    registerConnectSignInRoutes(context, {
      links,
      signIns,
      sessions,
      baseUrlOf,
      secure: (requestUrl) => isHttps(baseUrlOf(requestUrl)),
      person,
    });
}

const isHttps = (url: string): boolean => url.startsWith("https:");
