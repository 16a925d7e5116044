import { createRoute, z } from "@hono/zod-openapi";
import type { SharedSignIns } from "@src/auth";
import type { RouteContext } from "../app-context";
import { errorResponses } from "../api-schemas";
import type { ConnectLinks } from "../connect/connect-links";
import {
  beginPersonSignIn,
  isForeignOrigin,
  needsIdentityProviderSignIn,
  type PersonSignIn,
} from "../connect/person-sign-in";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { signInCallbackPath } from "../sign-in/sign-in-callback-path";

const statusRoute = createRoute({
  method: "get",
  path: "/v1/me/sign-in",
  tags: ["my connections"],
  security: [],
  summary:
    "Whether a person can sign in here at the team's identity provider (`--oauth-issuer` with `--oauth-console-client-id`) to open My connections or a connect link of theirs; `message` says why not. Needs no token.",
  responses: {
    200: {
      description: "Whether the sign-in is offered.",
      content: {
        "application/json": {
          schema: z.object({ available: z.boolean(), message: z.string().optional() }),
        },
      },
    },
    ...errorResponses(403),
  },
});

const beginRoute = createRoute({
  method: "post",
  path: "/v1/me/sign-in",
  tags: ["my connections"],
  security: [],
  summary:
    "Starts a person's sign-in at the team's identity provider (OpenID Connect authorization code with PKCE and a nonce, from the console's client). The browser opens `authorizationUrl`; the identity provider sends it back to GET /v1/auth/callback, which checks the ID token (signature, issuer, audience, nonce) and grants the person's session (`src_person`) for `idp:SUB`: then to the connect link's page when `connectToken` was given and the link is that person's (anyone else is refused, and nothing is stored), else to My connections. Needs no token; any replica sharing the store finishes it.",
  request: {
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.strictObject({
            connectToken: z.string().min(1).max(200).optional().openapi({
              description:
                "The token of the connect link the person came from (the part after #/connect/): they go back to it once signed in as its principal.",
            }),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The sign-in waits for its redirect until `expiresAt`.",
      content: {
        "application/json": {
          schema: z.object({
            authorizationUrl: z.string().openapi({ description: "The identity provider's page to open." }),
            expiresAt: z.string(),
          }),
        },
      },
    },
    ...errorResponses(403, 404, 409, 422, 503),
  },
});

const foreign = "a person signs in from the console's own page only, not from another origin";

/**
 * `GET` and `POST /v1/me/sign-in`: a person's sign-in at the team's identity provider, for "My connections" and for
 * a connect link of an identity provider's user (`idp:SUB`). Refused from a page of another origin, like `/v1/me/*`.
 */
export function registerPersonSignInRoutes(
  { app }: RouteContext,
  {
    personSignIn,
    signIns,
    links,
    baseUrlOf,
  }: {
    personSignIn: PersonSignIn;
    signIns: SharedSignIns;
    links: ConnectLinks;
    baseUrlOf: (requestUrl: string) => string;
  },
): void {
  app.openapi(statusRoute, (c) => {
    if (isForeignOrigin(c)) return c.json({ error: { code: SERVER_ERROR_CODES.FORBIDDEN, message: foreign } }, 403);
    return c.json(
      personSignIn.available ? { available: true } : { available: false, message: personSignIn.message },
      200,
    );
  });
  app.openapi(beginRoute, async (c) => {
    if (isForeignOrigin(c)) return c.json({ error: { code: SERVER_ERROR_CODES.FORBIDDEN, message: foreign } }, 403);
    if (!personSignIn.available)
      throw new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE, message: personSignIn.message });
    const { connectToken } = (c.req.valid("json") as { connectToken?: string } | undefined) ?? {};
    if (connectToken !== undefined) {
      const link = await links.peek(connectToken);
      if (link === undefined)
        return c.json(
          {
            error: {
              code: SERVER_ERROR_CODES.NOT_FOUND,
              message:
                "this connect link is unknown, used or expired (links are single use and valid 10 minutes); ask the agent to call again for a new one",
            },
          },
          404,
        );
      if (!needsIdentityProviderSignIn(link.principal))
        throw new SignInError({
          code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
          message: `this connect link is for ${link.principal}, not a user of the identity provider: it needs no sign-in, connect on its page`,
        });
    }
    const redirectUri = new URL(signInCallbackPath, baseUrlOf(c.req.url)).href;
    const { authorizationUrl, expiresAt, cookie } = await beginPersonSignIn(
      personSignIn.identityProvider,
      signIns,
      redirectUri,
      connectToken,
      redirectUri.startsWith("https:"),
    );
    c.header("set-cookie", cookie, { append: true });
    return c.json({ authorizationUrl, expiresAt: new Date(expiresAt).toISOString() }, 200);
  });
}
