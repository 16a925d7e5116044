import { createRoute, z } from "@hono/zod-openapi";
import {
  AuthorizeError,
  createSharedSignIns,
  type ClaimResult,
  type SharedSignIns,
  type SignInStart,
  type SignInStore,
} from "@src/auth";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonRequestBody, jsonResponse } from "../api-schemas";
import { toErrorResponse } from "../error-response";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { advancePolledSignIn, finishClaimed } from "../sign-in/finish-sign-in";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";
import { checkSignInPossible, loadSignInTarget } from "../sign-in/load-sign-in-source";
import { signInPage } from "../sign-in/sign-in-page";
import { slugParamSchema } from "./source-routes";
import { connectLinkOfStart } from "../connect/connect-sign-in";
import { finishConnectSignIn, type ConnectSignInContext } from "../connect/finish-connect-sign-in";
import { finishPersonSignIn, type PersonSignInContext } from "../connect/finish-person-sign-in";
import { personSignInOfStart, personSignInSlug } from "../connect/person-sign-in";

const loginRoute = createRoute({
  method: "post",
  path: "/v1/sources/{slug}/auth/login",
  tags: ["sign-in"],
  summary:
    "Start the sign-in of a source whose auth mode signs a person in: OAuth 2.0's authorization code with PKCE S256 (a URL to open in a browser), or its device authorization grant (a page and a code to enter on any device). Any replica sharing the store can finish it (admin only).",
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
              .openapi({
                description: `The redirect URI registered at the authorization server, when the browser reaches this server at another address (a TLS proxy): it must lead to ${signInCallbackPath} of this server.`,
                example: `https://src.example.com${signInCallbackPath}`,
              }),
          }),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          slug: z.string(),
          authorizationUrl: z.string().openapi({
            description: "The page to open: the authorization URL (redirect), or the verification page (device code).",
          }),
          userCode: z.string().optional().openapi({
            description: "The code to enter on that page, for a mode that signs in with a device code.",
          }),
          authorizationUrlComplete: z.string().optional().openapi({
            description: "The verification page with the code in it, when the authorization server gives one.",
          }),
          awaits: z.enum(["redirect", "poll"]).openapi({
            description:
              "`redirect`: the browser comes back to `redirectUri`; `poll`: the person enters the code anywhere, and the server polls the authorization server.",
          }),
          intervalSeconds: z
            .number()
            .optional()
            .openapi({ description: "For `poll`: how often the authorization server may be asked." }),
          redirectUri: z.string(),
          signInId: z.string().openapi({
            description:
              "Names this sign-in to POST /v1/sources/{slug}/auth/login/progress (it is the sign-in's state: keep it as private as the URL).",
          }),
          expiresAt: z.string().openapi({ description: "ISO time after which the sign-in is refused." }),
        })
        .openapi("SignInStart"),
      "The sign-in waits for its redirect (or for the person to enter the code) until `expiresAt`; it is finished once.",
    ),
    ...errorResponses(400, 401, 403, 404, 409, 422, 503),
  },
});

const progressRoute = createRoute({
  method: "post",
  path: "/v1/sources/{slug}/auth/login/progress",
  tags: ["sign-in"],
  summary:
    "Where a sign-in started with POST /v1/sources/{slug}/auth/login stands; for a device code, also asks the authorization server when it is due (any replica; admin only).",
  request: {
    params: slugParamSchema,
    body: jsonRequestBody(
      z.strictObject({
        signInId: z.string().min(1).max(200).openapi({ description: "The `signInId` the start answered." }),
      }),
    ),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          slug: z.string(),
          status: z.enum(["waiting", "signed_in", "failed", "expired"]),
          awaits: z.enum(["redirect", "poll"]),
          expiresAt: z.string(),
          message: z.string().optional(),
          code: z.string().optional(),
        })
        .openapi("SignInProgress"),
      "`waiting` until the person is done; then `signed_in` (with the source's test outcome in `message`), `failed` (with the error's `message` and `code`), or `expired`.",
    ),
    ...errorResponses(400, 401, 403, 404, 422),
  },
});

const statusRoute = createRoute({
  method: "get",
  path: "/v1/sources/{slug}/auth",
  tags: ["sign-in"],
  summary:
    "A source's sign-in status, as its auth mode reports it (OAuth 2.0: grant, scopes requested and granted, whether a refresh token is stored, when the access token expires); never a token (admin only).",
  request: { params: slugParamSchema },
  responses: {
    200: jsonResponse(
      z
        .object({
          slug: z.string(),
          authType: z.string(),
          signedIn: z.boolean().openapi({ description: "Whether a call can be authorized without a person now." }),
        })
        .catchall(z.unknown())
        .openapi("SignInStatus"),
      "The status (the same as `src auth status SLUG --json`): `slug`, `authType`, `signedIn`, and the facts the auth mode adds.",
    ),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const logoutRoute = createRoute({
  method: "delete",
  path: "/v1/sources/{slug}/auth",
  tags: ["sign-in"],
  summary:
    "Sign a source out: revoke its refresh token at the authorization server when it has a revocation endpoint (OAuth 2.0, RFC 7009), then forget what the sign-in stored; what the operator entered stays (as `src auth logout SLUG`; admin only).",
  request: { params: slugParamSchema },
  responses: {
    200: jsonResponse(
      z.object({
        slug: z.string(),
        forgotten: z.boolean(),
        revoked: z.enum(["revoked", "not-supported", "failed"]).optional(),
        message: z.string().optional(),
      }),
      "`forgotten` is false when no token was stored. `revoked`: `revoked`, `not-supported` (the server has no revocation endpoint) or `failed` (forgotten here anyway; `message` says why).",
    ),
    ...errorResponses(401, 403, 404, 409, 422),
  },
});

const callbackRoute = createRoute({
  method: "get",
  path: signInCallbackPath,
  tags: ["sign-in"],
  summary:
    "The sign-in redirect (no token: the single-use, expiring `state` of a sign-in started on any replica sharing the store is the proof). The auth mode completes the sign-in (OAuth 2.0: exchanges the code with the PKCE verifier), the result is stored, the source tested, a page answered. A sign-in started from a connect page (POST /v1/connect/{token}/sign-in) is stored as the link's principal's own connection instead, and answers 303 to the console's Connected page with the person's session cookie.",
  security: [],
  request: {
    query: z.object({
      state: z.string().optional(),
      code: z.string().optional(),
      error: z.string().optional().openapi({ description: "The authorization server's refusal (e.g. access_denied)." }),
    }),
  },
  responses: {
    200: {
      description: "Signed in; the page shows the source's test outcome.",
      content: { "text/html": { schema: z.string() } },
    },
    303: {
      description:
        "A person connected through a connect page: to the console's Connected page (`/#/connected/{slug}`), with the person's session cookie (`src_person`).",
    },
    409: {
      description: "The source can no longer be signed in (its auth type or settings changed).",
      content: { "text/html": { schema: z.string() } },
    },
    422: {
      description: "Unknown, used or expired `state` (SIGN_IN_STATE_INVALID), or the sign-in was refused (NEEDS_AUTH).",
      content: { "text/html": { schema: z.string() } },
    },
    503: {
      description: "The authorization server could not be reached (AUTH_SERVER_FAILED).",
      content: { "text/html": { schema: z.string() } },
    },
  },
});

function stateProblem(claim: Exclude<ClaimResult, { found: true }> | undefined, lifetimeMs: number): SignInError {
  if (claim?.slug === personSignInSlug) return personStateProblem(claim);
  const slug = claim?.slug;
  const again = `start the sign-in again (POST /v1/sources/${slug ?? "{slug}"}/auth/login, or src auth login ${slug ?? "SLUG"})`;
  let message: string;
  if (claim === undefined)
    message = `the redirect has no state parameter, so it is not a sign-in started on this server; ${again}`;
  else if (claim.reason === "expired")
    message = `the sign-in of source "${slug}" expired: it must finish within ${lifetimeMs >= 120_000 ? `${Math.round(lifetimeMs / 60_000)} min` : `${lifetimeMs / 1000} s`} of its start; ${again}`;
  else if (claim.reason === "busy")
    message = `the sign-in of source "${slug}" is being finished by another request right now; wait a moment and check \`src auth status ${slug}\``;
  else if (claim.reason === "used") message = `this sign-in link was already used (each works once); ${again}`;
  else
    message = `this sign-in link is unknown (it was never issued by a server sharing this store, or it is long gone); ${again}`;
  return new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID, message });
}

/** Why a person's sign-in at the identity provider cannot be finished: they sign in again from the page they came from. */
function personStateProblem(claim: Exclude<ClaimResult, { found: true }>): SignInError {
  const again = "sign in again from the page you came from (the connect link your agent gave you, or My connections)";
  const message =
    claim.reason === "expired"
      ? `this sign-in at the identity provider expired; ${again}`
      : claim.reason === "busy"
        ? "this sign-in at the identity provider is being finished by another request right now; wait a moment and reload"
        : `this sign-in link was already used (each works once); ${again}`;
  return new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID, message });
}

/** What the sign-in routes need besides the route context. */
export interface SignInRoutesOptions {
  readonly lifetimeMs: number;
  /** Where sign-ins in progress live: the source store's (a file in the home, or PostgreSQL), shared by every replica. */
  readonly store: SignInStore;
  /** The sign-ins in progress over `store`, when the app shares them with other routes (the connect page's); made here otherwise. */
  readonly signIns?: SharedSignIns | undefined;
  /** Finishes the sign-ins started from a connect page (a person connecting a per-user source as themselves). */
  readonly connect?: ConnectSignInContext | undefined;
  /** Finishes a person's sign-in at the team's identity provider (POST /v1/me/sign-in). */
  readonly person?: PersonSignInContext | undefined;
}

/**
 * `POST /v1/sources/{slug}/auth/login` and `…/login/progress`, the redirect route, `GET` and `DELETE
 * /v1/sources/{slug}/auth`: for any auth mode with sign-in steps. Returns `stop`, which ends this
 * process's device-code pollers (another replica's progress requests still finish their sign-ins).
 */
export function registerSignInRoutes(
  { app, service, logger }: RouteContext,
  { lifetimeMs, store, connect, person, signIns: given }: SignInRoutesOptions,
): { stop(): void } {
  const now = () => new Date();
  const signIns = given ?? createSharedSignIns({ store, lifetimeMs, now });
  const stopping = new AbortController();
  const advanceContext = { service, logger, signIns, now };

  /** The starting replica polls a device-code sign-in itself until it ends; other replicas advance it when asked for its progress. */
  function pollInBackground(state: string, start: SignInStart, expiresAt: number): void {
    void (async () => {
      let intervalMs = Math.max(1, start.intervalSeconds ?? 5) * 1000;
      while (!stopping.signal.aborted && Date.now() < expiresAt + intervalMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, intervalMs);
          timer.unref();
          stopping.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
        });
        if (stopping.signal.aborted) return;
        const progress = await advancePolledSignIn(advanceContext, state, stopping.signal).catch(() => undefined);
        if (progress === undefined || progress.status !== "waiting") return;
        intervalMs = Math.max(intervalMs, 1000);
      }
    })();
  }

  app.openapi(loginRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const body = (c.req.valid("json") as { redirectUri?: string } | undefined) ?? {};
    const target = await loadSignInTarget(service, slug, c.req.raw.signal);
    const credential = checkSignInPossible(target);
    const redirectUri = body.redirectUri ?? new URL(signInCallbackPath, c.req.url).href;
    const start: SignInStart = await target.plugin.signIn.begin({ ...target.source, credential, redirectUri });
    const { expiresAt } = await signIns.add(slug, start);
    logger.info(
      { event: "sign_in_started", source: slug, awaits: start.awaits, expiresAt: new Date(expiresAt).toISOString() },
      "sign-in started",
    );
    if (start.awaits === "poll") pollInBackground(start.state, start, expiresAt);
    return c.json(
      {
        slug,
        authorizationUrl: start.url,
        ...(start.userCode === undefined ? {} : { userCode: start.userCode }),
        ...(start.urlComplete === undefined ? {} : { authorizationUrlComplete: start.urlComplete }),
        awaits: start.awaits,
        ...(start.intervalSeconds === undefined ? {} : { intervalSeconds: start.intervalSeconds }),
        redirectUri,
        signInId: start.state,
        expiresAt: new Date(expiresAt).toISOString(),
      },
      200,
    );
  });

  app.openapi(progressRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { signInId } = c.req.valid("json");
    const progress = await advancePolledSignIn(advanceContext, signInId, c.req.raw.signal);
    if (progress === undefined || progress.slug !== slug) {
      throw new SignInError({
        code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID,
        message: `no sign-in of source "${slug}" has this signInId (unknown, or long gone); start one with POST /v1/sources/${slug}/auth/login`,
      });
    }
    return c.json(
      {
        slug: progress.slug,
        status: progress.status,
        awaits: progress.awaits,
        expiresAt: new Date(progress.expiresAt).toISOString(),
        ...(progress.message === undefined ? {} : { message: progress.message }),
        ...(progress.code === undefined ? {} : { code: progress.code }),
      },
      200,
    );
  });

  app.openapi(statusRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { plugin, source } = await loadSignInTarget(service, slug);
    const status = plugin.signIn.status(source);
    return c.json({ slug, authType: plugin.type, ...status.details, signedIn: status.signedIn }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const { slug } = c.req.valid("param");
    const { plugin, source } = await loadSignInTarget(service, slug, c.req.raw.signal);
    const out =
      source.credential === undefined
        ? undefined
        : await plugin.signIn.signOut({ ...source, credential: source.credential });
    if (out !== undefined) await service.setCredential(slug, out.credential, { test: false });
    if (out !== undefined) logger.info({ event: "signed_out", source: slug, revoked: out.revoked }, "signed out");
    return c.json(
      {
        slug,
        forgotten: out !== undefined,
        ...(out === undefined
          ? {}
          : { revoked: out.revoked, ...(out.message === undefined ? {} : { message: out.message }) }),
      },
      200,
    );
  });

  // Served without the zod validator: whatever the query, the answer is a page for a person.
  app.openAPIRegistry.registerPath(callbackRoute);
  app.get(signInCallbackPath, async (c) => {
    const callbackUrl = new URL(c.req.url);
    const state = callbackUrl.searchParams.get("state");
    let slug: string | undefined;
    try {
      const claim = state === null ? undefined : await signIns.claim(state);
      if (claim?.found !== true) throw stateProblem(claim, lifetimeMs);
      slug = claim.slug;
      const personPending = personSignInOfStart(claim.start);
      if (personPending !== undefined) {
        if (person === undefined) throw stateProblem({ found: false, reason: "unknown" }, lifetimeMs);
        return await finishPersonSignIn(person, claim, personPending, callbackUrl, {
          signal: c.req.raw.signal,
          cookieHeader: c.req.header("cookie"),
        });
      }
      const connectLink = connectLinkOfStart(claim.start);
      if (connectLink !== undefined) {
        if (connect === undefined) throw stateProblem({ found: false, reason: "unknown" }, lifetimeMs);
        return await finishConnectSignIn(connect, claim, connectLink, callbackUrl, {
          signal: c.req.raw.signal,
          cookieHeader: c.req.header("cookie"),
        });
      }
      const done = await finishClaimed(
        { service, logger },
        claim,
        (target, credential) =>
          target.plugin.signIn.complete({ ...target.source, credential, start: claim.start, callbackUrl }),
        c.req.raw.signal,
      );
      return signInPage(200, `Signed in to "${slug}"`, done?.lines ?? []);
    } catch (error) {
      const { status, body } = toErrorResponse(error);
      if (slug === undefined)
        logger.warn(
          { event: "sign_in_failed", source: null, errorCode: body.error.code, errorMessage: body.error.message },
          "sign-in failed",
        );
      const again =
        slug !== undefined && AuthorizeError.isInstance(error)
          ? [`Start the sign-in again: POST /v1/sources/${slug}/auth/login, or src auth login ${slug}.`]
          : [];
      return signInPage(status, "Sign-in failed", [`${body.error.message} (${body.error.code})`, ...again]);
    }
  });

  return { stop: () => stopping.abort() };
}
