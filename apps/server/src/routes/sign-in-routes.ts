import { createRoute, z } from "@hono/zod-openapi";
import { AuthorizeError, createPendingSignIns, type SignInStart, type TakenSignIn } from "@src/auth";
import type { RouteContext } from "../app-context";
import { errorResponses } from "../api-schemas";
import { toErrorResponse } from "../error-response";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";
import { checkSignInPossible, loadSignInTarget } from "../sign-in/load-sign-in-source";
import { signInPage } from "../sign-in/sign-in-page";
import { slugParamSchema } from "./source-routes";


const loginRoute = createRoute({
  method: "post",
  path: "/v1/sources/{slug}/auth/login",
  tags: ["sign-in"],
  summary: "Start the sign-in of a source whose auth mode signs a person in (OAuth 2.0's authorization code with PKCE S256): answers the URL for the operator to open in a browser (admin only).",
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
              userCode: z.string().optional().openapi({ description: "A code to enter on that page, for a mode that signs in with a device code." }),
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
  tags: ["sign-in"],
  summary: "A source's sign-in status, as its auth mode reports it (OAuth 2.0: grant, scopes, whether a refresh token is stored, when the access token expires); never a token (admin only).",
  request: { params: slugParamSchema },
  responses: {
    200: {
      description: "The status (the same as `src auth status SLUG --json`): `slug`, `authType`, `signedIn`, and the facts the auth mode adds.",
      content: {
        "application/json": {
          schema: z
            .object({
              slug: z.string(),
              authType: z.string(),
              signedIn: z.boolean().openapi({ description: "Whether a call can be authorized without a person now." }),
            })
            .catchall(z.unknown())
            .openapi("SignInStatus"),
        },
      },
    },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const logoutRoute = createRoute({
  method: "delete",
  path: "/v1/sources/{slug}/auth",
  tags: ["sign-in"],
  summary: "Forget what a source's sign-in stored (OAuth 2.0's access and refresh tokens); what the operator entered stays (as `src auth logout SLUG`; admin only).",
  request: { params: slugParamSchema },
  responses: {
    200: { description: "`forgotten` is false when no token was stored.", content: { "application/json": { schema: z.object({ slug: z.string(), forgotten: z.boolean() }) } } },
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const callbackRoute = createRoute({
  method: "get",
  path: signInCallbackPath,
  tags: ["sign-in"],
  summary: "The sign-in redirect (no token: the single-use, expiring `state` of a sign-in started here is the proof). The auth mode completes the sign-in (OAuth 2.0: exchanges the code with the PKCE verifier), the result is stored, the source tested, a page answered.",
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
    409: { description: "The source can no longer be signed in (its auth type or settings changed).", content: { "text/html": { schema: z.string() } } },
    422: { description: "Unknown, used or expired `state` (SIGN_IN_STATE_INVALID), or the sign-in was refused (NEEDS_AUTH).", content: { "text/html": { schema: z.string() } } },
    503: { description: "The authorization server could not be reached (AUTH_SERVER_FAILED).", content: { "text/html": { schema: z.string() } } },
  },
});

function stateProblem(taken: TakenSignIn | undefined, lifetimeMs: number): SignInError {
  const again = "start the sign-in again (POST /v1/sources/{slug}/auth/login, or src auth login SLUG)";
  let message: string;
  if (taken === undefined) message = `the redirect has no state parameter, so it is not a sign-in started on this server; ${again}`;
  else if (!taken.found && taken.reason === "expired") {
    message = `the sign-in of source "${taken.slug}" expired: it must finish within ${lifetimeMs >= 120_000 ? `${Math.round(lifetimeMs / 60_000)} min` : `${lifetimeMs / 1000} s`} of its start; ${again.replace("{slug}", taken.slug).replace("SLUG", taken.slug)}`;
  } else message = `this sign-in link is unknown or was already used (each works once, on the server that started it); ${again}`;
  return new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID, message });
}

/** `POST /v1/sources/{slug}/auth/login`, the redirect route, `GET` and `DELETE /v1/sources/{slug}/auth`: for any auth mode with sign-in steps. */
export function registerSignInRoutes({ app, service, logger }: RouteContext, { lifetimeMs }: { lifetimeMs: number }): void {
  const pending = createPendingSignIns({ lifetimeMs });

  app.openapi(loginRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const body = (c.req.valid("json") as { redirectUri?: string } | undefined) ?? {};
    const target = await loadSignInTarget(service, slug, c.req.raw.signal);
    const credential = checkSignInPossible(target);
    const redirectUri = body.redirectUri ?? new URL(signInCallbackPath, c.req.url).href;
    const start: SignInStart = await target.plugin.signIn.begin({ ...target.source, credential, redirectUri });
    const { expiresAt } = pending.add(slug, start);
    logger.info({ event: "sign_in_started", source: slug, expiresAt: new Date(expiresAt).toISOString() }, "sign-in started");
    return c.json({ slug, authorizationUrl: start.url, ...(start.userCode === undefined ? {} : { userCode: start.userCode }), redirectUri, expiresAt: new Date(expiresAt).toISOString() }, 200);
  });

  app.openapi(statusRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { plugin, source } = await loadSignInTarget(service, slug);
    const status = plugin.signIn.status(source);
    return c.json({ slug, authType: plugin.type, ...status.details, signedIn: status.signedIn }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { plugin, source } = await loadSignInTarget(service, slug);
    const kept: Record<string, unknown> | undefined = source.credential === undefined ? undefined : plugin.signIn.signOut(source.credential);
    if (kept !== undefined) await service.setCredential(slug, kept, { test: false });
    return c.json({ slug, forgotten: kept !== undefined }, 200);
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
      const target = await loadSignInTarget(service, slug, c.req.raw.signal);
      const credential = checkSignInPossible(target);
      const signedIn: Record<string, unknown> = await target.plugin.signIn.complete({ ...target.source, credential, start: taken.pending.start, callbackUrl });
      const { validation } = await service.setCredential(slug, signedIn);
      logger.info({ event: "signed_in", source: slug, connectionStatus: validation?.status ?? null }, "sign-in completed");
      const tested = validation === null ? "The source was not tested." : validation.ok ? `The source's test call succeeded (${validation.status}).` : `The source's test call did not succeed (${validation.status}): ${validation.message}`;
      return signInPage(200, `Signed in to "${slug}"`, [tested, "What the sign-in gave is stored on the server. You may close this tab."]);
    } catch (error) {
      const { status, body } = toErrorResponse(error);
      logger.warn({ event: "sign_in_failed", source: slug ?? null, errorCode: body.error.code, errorMessage: status === 500 ? (error as Error).message : body.error.message }, "sign-in failed");
      const again = slug !== undefined && AuthorizeError.isInstance(error) ? [`Start the sign-in again: POST /v1/sources/${slug}/auth/login, or src auth login ${slug}.`] : [];
      return signInPage(status, "Sign-in failed", [`${body.error.message} (${body.error.code})`, ...again]);
    }
  });
}
