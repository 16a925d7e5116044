import type { ClaimedSignIn, SignInStart } from "@src/auth";
import type { SourceService } from "@src/service";
import type { Logger } from "pino";
import { toErrorResponse } from "../error-response";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { signInPage } from "../sign-in/sign-in-page";
import type { ConnectLinks } from "./connect-links";
import { connectSignInOf } from "./connect-sign-in";
import type { PersonSessions } from "./person-sessions";

/** What finishing a connect page's upstream sign-in needs. */
export interface ConnectSignInContext {
  readonly service: SourceService;
  readonly logger: Logger;
  readonly links: ConnectLinks;
  readonly sessions: PersonSessions;
  /** Whether the person's session cookie is `Secure` (the server is reached over https). */
  readonly secure: (requestUrl: string) => boolean;
}

/** The console page a person lands on once connected: it says the agent can go on and offers "My connections". */
export const connectedPagePath = (slug: string): string => `/#/connected/${encodeURIComponent(slug)}`;

/**
 * Finishes an upstream sign-in started from a connect page (the redirect came back with its `state`): uses the link
 * up, completes the auth mode's sign-in from the operator's OAuth client, stores what it gave as the link's
 * principal's own connection (never the shared credential, never anyone else's), says the link connected (a waiting
 * MCP elicitation goes on), grants the person's session, and sends the browser to the console's "Connected" page.
 * A failure stores nothing, gives the link back while it is valid, and answers a page saying what to do.
 */
export async function finishConnectSignIn(
  context: ConnectSignInContext,
  claim: ClaimedSignIn,
  link: { readonly token: string; readonly principal: string; readonly start: SignInStart },
  callbackUrl: URL,
  signal: AbortSignal,
): Promise<Response> {
  const { service, logger, links } = context;
  const taken = await links.take(link.token);
  try {
    if (taken === undefined || taken.slug !== claim.slug || taken.principal !== link.principal)
      throw new SignInError({
        code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID,
        message:
          "the connect link of this sign-in is used or expired (links are single use and valid 10 minutes); ask the agent to call again for a new one",
      });
    const signIn = await connectSignInOf(service, claim.slug, signal);
    if (signIn?.available !== true)
      throw new SignInError({
        code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
        message: signIn?.message ?? `source "${claim.slug}" no longer signs a person in`,
      });
    const { target } = signIn;
    const credential = await target.plugin.signIn.complete({ ...target.source, start: link.start, callbackUrl });
    await service.setConnection(claim.slug, link.principal, credential);
    await claim.finish({ signedIn: true, message: `connected ${link.principal}` });
    await links.connected(link.token);
    logger.info(
      { event: "connected", source: claim.slug, principal: link.principal, via: "sign-in" },
      "a person connected",
    );
    const headers = new Headers({
      location: connectedPagePath(claim.slug),
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    });
    for (const cookie of context.sessions.cookiesFor(link.principal, context.secure(callbackUrl.href)))
      headers.append("set-cookie", cookie);
    return new Response(null, { status: 303, headers });
  } catch (error) {
    if (taken !== undefined) await links.putBack(link.token);
    const { status, body } = toErrorResponse(error);
    await claim.finish({ signedIn: false, message: body.error.message, code: body.error.code }).catch(() => undefined);
    logger.warn(
      {
        event: "connect_failed",
        source: claim.slug,
        principal: link.principal,
        errorCode: body.error.code,
        errorMessage: body.error.message,
      },
      "a person's sign-in to connect failed",
    );
    return signInPage(status, "Connecting failed", [
      `${body.error.message} (${body.error.code})`,
      "Open the connect link your agent gave you again to try once more, while it is valid.",
    ]);
  }
}
