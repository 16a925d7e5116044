import { createRoute, z } from "@hono/zod-openapi";
import { AuthorizeError } from "@src/auth";
import { completeAuthorization, createPendingAuthorizations, describeOAuth2Status, startAuthorization, withoutTokens, type TakenAuthorization } from "@src/auth-oauth2";
import type { RouteContext } from "../app-context";
import { errorResponses } from "../api-schemas";
import { toErrorResponse } from "../error-response";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { signInCallbackPath } from "../oauth/sign-in-callback-path";
import { checkSignInPossible, loadOAuth2Source } from "../oauth/load-oauth2-source";
import { signInPage } from "../oauth/sign-in-page";
import { slugParamSchema } from "./source-routes";


const loginRoute = createRoute({
  method: "post",
  path: "/v1/sources/{slug}/auth/login",
  tags: ["oauth2"],
  summary: "Start an OAuth 2.0 sign-in (authorization code with PKCE S256) of an oauth2 source: answers the authorization URL for the operator to open in a browser (admin only).",
  request: {
    params: slugParamSchema,
    body: {
      required: false,
      description: `Optional. Without a body the redirect URI is this server's ${signInCallbackPath} at the address the request was sent to.`,
      content: {
        "application/json": {
          schema: z.strictObject({
            redirectUri: z
              .url({ protocol: /^https?$/, error: "must be an absolute http: or https: URL" })
              .refine((value) => !value.includes("#"), { error: "must not have a #fragment" })
              .optional()
              .openapi({ description: `The redirect URI registered at the authorization server, when the browser reaches this server at another address (a TLS proxy): it must lead to ${signInCallbackPath} of this server.`, example: `https://src.example.com${signInCallbackPath}` }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The sign-in waits for its redirect until `expiresAt`; the redirect is accepted once.",
      content: {
        "application/json": {
          schema: z
            .object({
              slug: z.string(),
              authorizationUrl: z.string().openapi({ description: "Open it in a browser and sign in; the authorization server then sends the browser to `redirectUri`." }),
              redirectUri: z.string(),
              expiresAt: z.string().openapi({ description: "ISO time after which the redirect is refused." }),
            })
            .openapi("SignInStart"),
        },
      },
    },
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/v1/sources/{slug}/auth",
  tags: ["oauth2"],
  summary: "An oauth2 source's sign-in status: grant, scopes, whether a refresh token is stored, when the access token expires; never a token (admin only).",
  request: { params: slugParamSchema },
  responses: {
    200: {
      description: "The status (the same as `src auth status SLUG --json`).",
      content: {
        "application/json": {
          schema: z
            .object({
              slug: z.string(),
              authType: z.literal("oauth2"),
              hasCredential: z.boolean(),
              grant: z.enum(["client_credentials", "authorization_code"]),
              scopes: z.array(z.string()),
              grantedScopes: z.array(z.string()).nullable(),
              hasAccessToken: z.boolean(),
              accessTokenExpiresAt: z.string().nullable(),
              accessTokenExpired: z.boolean(),
              hasRefreshToken: z.boolean(),
              signedIn: z.boolean().openapi({ description: "Whether a call can get a token without a person." }),
            })
            .openapi("OAuth2Status"),
        },
      },
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const logoutRoute = createRoute({
  method: "delete",
  path: "/v1/sources/{slug}/auth",
  tags: ["oauth2"],
  summary: "Forget an oauth2 source's access and refresh tokens; the client id and secret stay (as `src auth logout SLUG`; admin only).",
  request: { params: slugParamSchema },
  responses: {
    200: { description: "`forgotten` is false when no token was stored.", content: { "application/json": { schema: z.object({ slug: z.string(), forgotten: z.boolean() }) } } },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const callbackRoute = createRoute({
  method: "get",
  path: signInCallbackPath,
  tags: ["oauth2"],
  summary: "The sign-in redirect (no token: the single-use, expiring `state` of a sign-in started here is the proof). Exchanges the code with the PKCE verifier, stores the tokens, tests the source, answers a page.",
  security: [],
  request: {
    query: z.object({
      state: z.string().optional(),
      code: z.string().optional(),
      error: z.string().optional().openapi({ description: "The authorization server's refusal (e.g. access_denied)." }),
    }),
  },
  responses: {
    200: { description: "Signed in; the page shows the source's test outcome.", content: { "text/html": { schema: z.string() } } },
    409: { description: "The source can no longer be signed in (its auth type or grant changed).", content: { "text/html": { schema: z.string() } } },
    422: { description: "Unknown, used or expired `state` (SIGN_IN_STATE_INVALID), or the sign-in was refused (NEEDS_AUTH).", content: { "text/html": { schema: z.string() } } },
    503: { description: "The authorization server could not be reached (AUTH_SERVER_FAILED).", content: { "text/html": { schema: z.string() } } },
  },
});

function stateProblem(taken: TakenAuthorization | undefined, lifetimeMs: number): SignInError {
  const again = "start the sign-in again (POST /v1/sources/{slug}/auth/login, or src auth login SLUG)";
  let message: string;
  if (taken === undefined) message = `the redirect has no state parameter, so it is not a sign-in started on this server; ${again}`;
  else if (!taken.found && taken.reason === "expired") {
    message = `the sign-in of source "${taken.slug}" expired: it must finish within ${lifetimeMs >= 120_000 ? `${Math.round(lifetimeMs / 60_000)} min` : `${lifetimeMs / 1000} s`} of its start; ${again.replace("{slug}", taken.slug).replace("SLUG", taken.slug)}`;
  } else message = `this sign-in link is unknown or was already used (each works once, on the server that started it); ${again}`;
  return new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID, message });
}

/** `POST /v1/sources/{slug}/auth/login`, the redirect route, `GET` and `DELETE /v1/sources/{slug}/auth`. */
export function registerOAuthRoutes({ app, service, logger }: RouteContext, { lifetimeMs }: { lifetimeMs: number }): void {
  const pending = createPendingAuthorizations({ lifetimeMs });

  app.openapi(loginRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const body = (c.req.valid("json") as { redirectUri?: string } | undefined) ?? {};
    const source = await loadOAuth2Source(service, slug);
    const credential = checkSignInPossible(slug, source);
    const redirectUri = body.redirectUri ?? new URL(signInCallbackPath, c.req.url).href;
    const start = await startAuthorization({ config: source.config, credential, redirectUri });
    const { expiresAt } = pending.add(slug, start);
    logger.info({ event: "sign_in_started", source: slug, expiresAt: new Date(expiresAt).toISOString() }, "OAuth 2.0 sign-in started");
    return c.json({ slug, authorizationUrl: start.url, redirectUri, expiresAt: new Date(expiresAt).toISOString() }, 200);
  });

  app.openapi(statusRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { config, credential } = await loadOAuth2Source(service, slug);
    return c.json({ slug, authType: "oauth2" as const, ...describeOAuth2Status(config, credential) }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { credential } = await loadOAuth2Source(service, slug);
    const forgotten = credential !== undefined && (credential.accessToken !== undefined || credential.refreshToken !== undefined);
    if (forgotten) await service.setCredential(slug, withoutTokens(credential), { test: false });
    return c.json({ slug, forgotten }, 200);
  });

  // Served without the zod validator: whatever the query, the answer is a page for a person.
  app.openAPIRegistry.registerPath(callbackRoute);
  app.get(signInCallbackPath, async (c) => {
    const callbackUrl = new URL(c.req.url);
    const state = callbackUrl.searchParams.get("state");
    let slug: string | undefined;
    try {
      const taken = state === null ? undefined : pending.take(state);
      if (taken?.found !== true) throw stateProblem(taken, lifetimeMs);
      slug = taken.pending.slug;
      const source = await loadOAuth2Source(service, slug);
      const credential = checkSignInPossible(slug, source);
      const signedIn = await completeAuthorization({ config: source.config, credential, slug, start: taken.pending.start, callbackUrl, signal: c.req.raw.signal });
      const { validation } = await service.setCredential(slug, signedIn);
      logger.info({ event: "signed_in", source: slug, connectionStatus: validation?.status ?? null }, "OAuth 2.0 sign-in completed");
      const tested = validation === null ? "The source was not tested." : validation.ok ? `The source's test call succeeded (${validation.status}).` : `The source's test call did not succeed (${validation.status}): ${validation.message}`;
      return signInPage(200, `Signed in to "${slug}"`, [tested, "The tokens are stored on the server. You may close this tab."]);
    } catch (error) {
      const { status, body } = toErrorResponse(error);
      logger.warn({ event: "sign_in_failed", source: slug ?? null, errorCode: body.error.code, errorMessage: status === 500 ? (error as Error).message : body.error.message }, "OAuth 2.0 sign-in failed");
      const again = slug !== undefined && AuthorizeError.isInstance(error) ? [`Start the sign-in again: POST /v1/sources/${slug}/auth/login, or src auth login ${slug}.`] : [];
      return signInPage(status, "Sign-in failed", [`${body.error.message} (${body.error.code})`, ...again]);
    }
  });
}
