import type { ClaimedSignIn, SignInStart } from "@src/auth";
import type { SourceService } from "@src/service";
import type { Logger } from "pino";
import { signInPage } from "../sign-in/sign-in-page";
import type { ConnectLinks } from "./connect-links";
import { availableConnectSignIn, connectFailed, connectSucceeded, takeConnectLink } from "./connect-sign-in-outcome";
import { clearingConnectSignInBrowser, isSameBrowser } from "./connect-sign-in-browser";
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
  link: {
    readonly token: string;
    readonly principal: string;
    readonly browser: string | undefined;
    readonly start: SignInStart;
  },
  callbackUrl: URL,
  { signal, cookieHeader }: { signal: AbortSignal; cookieHeader: string | undefined },
): Promise<Response> {
  const { service, logger, links } = context;
  const clearing = clearingConnectSignInBrowser(link.start.state, context.secure(callbackUrl.href));
  if (link.browser !== undefined && !isSameBrowser(cookieHeader, link.start.state, link.browser)) {
    logger.warn(
      { event: "connect_sign_in_other_browser", source: claim.slug, principal: link.principal },
      "a connect sign-in came back to a browser that did not start it; nothing stored",
    );
    const page = signInPage(403, "Connecting failed", [
      "This sign-in was started in another browser, so nothing was stored: a sign-in page someone sent you must not connect your account to their agent.",
      "If it was you: open the connect link your agent gave you in this browser, and sign in from there.",
    ]);
    page.headers.append("set-cookie", clearing);
    return page;
  }
  let taken = false;
  try {
    await takeConnectLink(links, link, claim.slug);
    taken = true;
    const { target } = await availableConnectSignIn(service, claim.slug, signal);
    const credential = await target.plugin.signIn.complete({ ...target.source, start: link.start, callbackUrl });
    await service.setConnection(claim.slug, link.principal, credential);
    await connectSucceeded(context, claim, link, "sign-in");
    const headers = new Headers({
      location: connectedPagePath(claim.slug),
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
    });
    for (const cookie of context.sessions.cookiesFor(link.principal, context.secure(callbackUrl.href)))
      headers.append("set-cookie", cookie);
    headers.append("set-cookie", clearing);
    return new Response(null, { status: 303, headers });
  } catch (error) {
    if (taken) await links.putBack(link.token);
    const { status, body } = await connectFailed(logger, claim, link, "sign-in", error);
    const page = signInPage(status, "Connecting failed", [
      `${body.error.message} (${body.error.code})`,
      "Open the connect link your agent gave you again to try once more, while it is valid.",
    ]);
    page.headers.append("set-cookie", clearing);
    return page;
  }
}
