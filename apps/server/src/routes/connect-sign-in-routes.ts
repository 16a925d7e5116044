import { createRoute, z } from "@hono/zod-openapi";
import type { SharedSignIns } from "@src/auth";
import type { RouteContext } from "../app-context";
import { errorResponses, jsonRequestBody } from "../api-schemas";
import type { ConnectLinks } from "../connect/connect-links";
import { connectSignInOf, withConnectLink } from "../connect/connect-sign-in";
import { connectSignInBrowser } from "../connect/connect-sign-in-browser";
import type { PersonSessions } from "../connect/person-sessions";
import { stepConnectSignIn } from "../connect/poll-connect-sign-in";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";
import { connectTokenParamSchema, linkNotFound } from "./connect-link-params";
import type { LinkPersonCheck } from "./connection-routes";

const signInRoute = createRoute({
  method: "post",
  path: "/v1/connect/{token}/sign-in",
  tags: ["connections"],
  security: [],
  summary:
    "Starts the upstream sign-in of the link's source for the link's principal, from the OAuth client the operator stored as principal `local`. Authorization code with PKCE (`awaits: redirect`): the browser opens `authorizationUrl`; the upstream sends it back to GET /v1/auth/callback, which stores the tokens as that principal's own connection, uses the link up and sends the browser to the console's Connected page. Device authorization grant (`awaits: poll`): the person opens `authorizationUrl` on any device and enters `userCode`, while the page asks POST /v1/connect/{token}/sign-in/progress with `signInId`. Needs no bearer token: the link is the proof. A failed sign-in leaves the link usable.",
  request: { params: connectTokenParamSchema },
  responses: {
    200: {
      description: "The sign-in waits for its redirect (or for the person to enter the code) until `expiresAt`.",
      content: {
        "application/json": {
          schema: z.object({
            slug: z.string(),
            principal: z.string(),
            authorizationUrl: z.string().openapi({
              description: "The upstream's page to open: its authorization URL, or its device verification page.",
            }),
            awaits: z.enum(["redirect", "poll"]).openapi({
              description:
                "`redirect`: the upstream sends the browser back; `poll`: the person enters `userCode` on `authorizationUrl` (any device) and the page asks for the progress.",
            }),
            userCode: z.string().optional().openapi({ description: "For `poll`: the code to enter on that page." }),
            authorizationUrlComplete: z.string().optional().openapi({
              description: "For `poll`: the verification page with the code in it, when the upstream gives one.",
            }),
            intervalSeconds: z
              .number()
              .optional()
              .openapi({ description: "For `poll`: how often the page may ask for the progress." }),
            signInId: z.string().openapi({
              description:
                "Names this sign-in to POST /v1/connect/{token}/sign-in/progress (keep it as private as the link).",
            }),
            expiresAt: z.string(),
          }),
        },
      },
    },
    ...errorResponses(403, 404, 409, 422, 503),
  },
});

const progressRoute = createRoute({
  method: "post",
  path: "/v1/connect/{token}/sign-in/progress",
  tags: ["connections"],
  security: [],
  summary:
    "Where a connect link's device-code sign-in stands (`awaits: poll` of POST /v1/connect/{token}/sign-in); when it is due, asks the upstream's authorization server once. Once the person entered the code, stores what the sign-in gave as the link's principal's own connection, uses the link up (a waiting agent goes on) and answers `connected` with the person's session cookie. The page keeps asking until then (any replica). Needs no bearer token: the link's token and the `signInId` are the proof.",
  request: {
    params: connectTokenParamSchema,
    body: jsonRequestBody(
      z.strictObject({
        signInId: z.string().min(1).max(200).openapi({ description: "The `signInId` the start answered." }),
      }),
    ),
  },
  responses: {
    200: {
      description:
        "`waiting` until the person is done; then `connected`, `failed` (with the error's `message` and `code`; the link stays usable) or `expired`.",
      content: {
        "application/json": {
          schema: z.object({
            slug: z.string(),
            status: z.enum(["waiting", "connected", "failed", "expired"]),
            expiresAt: z.string(),
            message: z.string().optional(),
            code: z.string().optional(),
          }),
        },
      },
    },
    ...errorResponses(400, 422),
  },
});

/** What the connect page's upstream sign-in routes need besides the route context. */
export interface ConnectSignInRoutesOptions {
  readonly links: ConnectLinks;
  readonly signIns: SharedSignIns;
  readonly sessions: PersonSessions | undefined;
  /** The server's public URL for `requestUrl` (the upstream's redirect goes to its /v1/auth/callback). */
  readonly baseUrlOf: (requestUrl: string) => string;
  /** Whether a person's session cookie is `Secure` for a request to `requestUrl`. */
  readonly secure: (requestUrl: string) => boolean;
  readonly person: LinkPersonCheck;
}

/**
 * `POST /v1/connect/{token}/sign-in` (the plugin's sign-in begun for the link's principal, its start sealed with the
 * link) and `POST /v1/connect/{token}/sign-in/progress` (a device-code sign-in asked along by the page).
 */
export function registerConnectSignInRoutes(
  { app, service, logger }: RouteContext,
  { links, signIns, sessions, baseUrlOf, secure, person }: ConnectSignInRoutesOptions,
): void {
  app.openapi(signInRoute, async (c) => {
    const { token } = c.req.valid("param");
    const link = await links.peek(token);
    if (link === undefined)
      return c.json({ error: { code: SERVER_ERROR_CODES.NOT_FOUND, message: linkNotFound } }, 404);
    person.check(c, link.principal);
    const signIn = await connectSignInOf(service, link.slug, c.req.raw.signal);
    if (signIn?.available !== true)
      throw new SignInError({
        code: signIn === undefined ? SERVER_ERROR_CODES.NO_SIGN_IN : SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
        message:
          signIn?.message ??
          `source "${link.slug}" has no sign-in: its auth mode takes a pasted credential (POST /v1/connect/{token})`,
      });
    const { target } = signIn;
    const redirectUri = new URL(signInCallbackPath, baseUrlOf(c.req.url)).href;
    const start = await target.plugin.signIn.begin({ ...target.source, redirectUri });
    // A sign-in that comes back by redirect is finished only in the browser that started it (its cookie).
    const browser =
      start.awaits === "redirect"
        ? connectSignInBrowser(start.state, (link.expiresAtMs - Date.now()) / 1000, secure(c.req.url))
        : undefined;
    const { expiresAt } = await signIns.add(link.slug, withConnectLink(start, token, link.principal, browser?.digest));
    if (browser !== undefined) c.header("set-cookie", browser.cookie, { append: true });
    logger.info(
      { event: "connect_sign_in_started", source: link.slug, principal: link.principal, awaits: start.awaits },
      "a person's sign-in to connect started",
    );
    return c.json(
      {
        slug: link.slug,
        principal: link.principal,
        authorizationUrl: start.url,
        awaits: start.awaits,
        ...(start.userCode === undefined ? {} : { userCode: start.userCode }),
        ...(start.urlComplete === undefined ? {} : { authorizationUrlComplete: start.urlComplete }),
        ...(start.intervalSeconds === undefined ? {} : { intervalSeconds: start.intervalSeconds }),
        signInId: start.state,
        expiresAt: new Date(Math.min(expiresAt, link.expiresAtMs)).toISOString(),
      },
      200,
    );
  });

  app.openapi(progressRoute, async (c) => {
    const { token } = c.req.valid("param");
    const { signInId } = c.req.valid("json");
    const context = { service, logger, links, signIns, now: () => new Date() };
    const { progress, connected } = await stepConnectSignIn(context, token, signInId, c.req.raw.signal);
    // The person who entered the code proved who they are (they held the link and the sign-in): their session opens
    // "My connections". Granted by the step that connected them only.
    if (connected !== undefined && sessions !== undefined)
      for (const cookie of sessions.cookiesFor(connected.principal, secure(c.req.url)))
        c.header("set-cookie", cookie, { append: true });
    return c.json(
      {
        slug: progress.slug,
        status: progress.status === "signed_in" ? ("connected" as const) : progress.status,
        expiresAt: new Date(progress.expiresAt).toISOString(),
        ...(progress.message === undefined ? {} : { message: progress.message }),
        ...(progress.code === undefined ? {} : { code: progress.code }),
      },
      200,
    );
  });
}
