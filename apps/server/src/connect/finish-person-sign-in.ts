import type { ClaimedSignIn } from "@src/auth";
import type { Logger } from "pino";
import { toErrorResponse } from "../error-response";
import { signInPage } from "../sign-in/sign-in-page";
import type { ConnectLinks } from "./connect-links";
import type { IdentityProviderSignIn } from "./identity-provider-sign-in";
import type { PersonSessions } from "./person-sessions";
import { clearingConnectSignInBrowser, isSameBrowser } from "./connect-sign-in-browser";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { noConsoleClientMessage, principalOfSubject, type PersonSignInPending } from "./person-sign-in";

/** What finishing a person's sign-in at the identity provider needs. */
export interface PersonSignInContext {
  readonly logger: Logger;
  readonly links: ConnectLinks;
  readonly sessions: PersonSessions;
  /** Whether the person's session cookie is `Secure` (the server is reached over https). */
  readonly secure: (requestUrl: string) => boolean;
  /** The identity provider's sign-in, when it is set up (`--oauth-issuer` with `--oauth-console-client-id`). */
  readonly identityProvider: IdentityProviderSignIn | undefined;
}

/** The console's "My connections" page. */
const myConnectionsPagePath = "/#/me";

/** The console's page of a connect link. */
const connectPagePath = (token: string): string => `/#/connect/${token}`;

const redirectTo = (location: string, cookies: readonly string[]): Response => {
  const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
};

/**
 * Finishes a person's sign-in at the identity provider (the redirect came back with its `state`): exchanges the code,
 * checks the ID token, and takes its `sub` as the person's principal `idp:SUB`. Started from a connect link, the
 * link must be for that principal: a different person is refused with a page saying who the link is for, given no
 * session, and the link stays as it was; the right person gets their session and goes back to the link's page.
 * Started from "My connections", the person gets their session and goes to "My connections".
 */
export async function finishPersonSignIn(
  context: PersonSignInContext,
  claim: ClaimedSignIn,
  pending: PersonSignInPending,
  callbackUrl: URL,
  { signal, cookieHeader }: { signal: AbortSignal; cookieHeader: string | undefined },
): Promise<Response> {
  const { logger, links, sessions } = context;
  const clearing = clearingConnectSignInBrowser(claim.start.state, context.secure(callbackUrl.href));
  // A sign-in started before browsers were bound carries no key: it finishes as before.
  if (pending.browser !== undefined && !isSameBrowser(cookieHeader, claim.start.state, pending.browser)) {
    await claim.finish({ signedIn: false, message: "finished in another browser than the one that started it" });
    logger.warn(
      { event: "person_sign_in_other_browser" },
      "a person's sign-in came back to a browser that did not start it; no session given",
    );
    const page = signInPage(403, "Signing in failed", [
      "This sign-in was started in another browser, so no session was given: a sign-in page someone sent you must not sign you in as them.",
      pending.connectToken === undefined
        ? "If it was you: open My connections in this browser, and sign in from there."
        : "If it was you: open the connect link your agent gave you in this browser, and sign in from there.",
    ]);
    page.headers.append("set-cookie", clearing);
    return page;
  }
  let principal: string | undefined;
  try {
    if (context.identityProvider === undefined)
      throw new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE, message: noConsoleClientMessage });
    const { subject } = await context.identityProvider.complete(pending, callbackUrl, claim.start.state, signal);
    principal = principalOfSubject(subject);
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    await claim.finish({ signedIn: false, message: body.error.message, code: body.error.code }).catch(() => undefined);
    logger.warn(
      { event: "person_sign_in_failed", errorCode: body.error.code, errorMessage: body.error.message },
      "a person's sign-in at the identity provider failed",
    );
    return signInPage(status, "Signing in failed", [
      `${body.error.message} (${body.error.code})`,
      pending.connectToken === undefined
        ? "Open My connections again to sign in once more."
        : "Open the connect link your agent gave you again to sign in once more, while it is valid.",
    ]);
  }
  const cookies = [...sessions.cookiesFor(principal, context.secure(callbackUrl.href)), clearing];
  if (pending.connectToken === undefined) {
    await claim.finish({ signedIn: true, message: `signed in ${principal}` });
    logger.info({ event: "person_signed_in", principal, for: "my-connections" }, "a person signed in");
    return redirectTo(myConnectionsPagePath, cookies);
  }
  const link = await links.peek(pending.connectToken);
  if (link === undefined) {
    await claim.finish({ signedIn: true, message: `signed in ${principal}; the connect link is gone` });
    return signInPage(404, "This connect link is no longer valid", [
      `You signed in as ${principal}, but the connect link is unknown, used or expired (links are single use and valid 10 minutes).`,
      "Ask your agent to call again for a new link.",
    ]);
  }
  if (link.principal !== principal) {
    await claim.finish({ signedIn: false, message: `${principal} is not the person of the connect link` });
    logger.warn(
      { event: "connect_refused", source: link.slug, principal: link.principal, signedInAs: principal },
      "a person signed in as someone else than the connect link's",
    );
    return signInPage(403, "This connect link is for someone else", [
      `This link connects ${link.principal} to ${link.slug}, and you signed in at the identity provider as ${principal}. Nothing was stored.`,
      `If you are ${link.principal}, sign out at the identity provider and open the link again. Otherwise ask your own agent: it gives you a link of your own.`,
    ]);
  }
  await claim.finish({ signedIn: true, message: `signed in ${principal}` });
  logger.info(
    { event: "person_signed_in", principal, for: "connect", source: link.slug },
    "a person signed in to connect",
  );
  return redirectTo(connectPagePath(pending.connectToken), cookies);
}
