import type { ClaimedSignIn } from "@src/auth";
import type { SourceService } from "@src/service";
import type { Logger } from "pino";
import { toErrorResponse, type ErrorResponse } from "../error-response";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import type { ConnectLinks } from "./connect-links";
import { connectSignInOf, type ConnectSignIn } from "./connect-sign-in";

/** Whom a connect sign-in is for: the link's token and principal. */
export interface ConnectSignInLink {
  readonly token: string;
  readonly principal: string;
}

/** How the person connected, as the `connected` and `connect_failed` log lines say it. */
export type ConnectVia = "sign-in" | "device-sign-in";

/** The upstream sign-in of a connect link's source, or 409 `SIGN_IN_NOT_POSSIBLE` when it no longer signs a person in. */
export async function availableConnectSignIn(
  service: SourceService,
  slug: string,
  signal: AbortSignal,
): Promise<Extract<ConnectSignIn, { available: true }>> {
  const signIn = await connectSignInOf(service, slug, signal);
  if (signIn?.available !== true)
    throw new SignInError({
      code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
      message: signIn?.message ?? `source "${slug}" no longer signs a person in`,
    });
  return signIn;
}

/**
 * Uses the connect link up for the sign-in's source and principal; 422 `SIGN_IN_STATE_INVALID` when it is used or
 * expired (a link of another source or person is given back untouched). A failure after this gives the link back.
 */
export async function takeConnectLink(links: ConnectLinks, link: ConnectSignInLink, slug: string): Promise<void> {
  const taken = await links.take(link.token);
  if (taken !== undefined && taken.slug === slug && taken.principal === link.principal) return;
  if (taken !== undefined) await links.putBack(link.token);
  throw new SignInError({
    code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID,
    message:
      "the connect link of this sign-in is used or expired (links are single use and valid 10 minutes); ask the agent to call again for a new one",
  });
}

/** Ends a connect sign-in that stored the person's connection: the sign-in says so, the link's waiter goes on, the log says who. */
export async function connectSucceeded(
  { links, logger }: { readonly links: ConnectLinks; readonly logger: Logger },
  claim: ClaimedSignIn,
  link: ConnectSignInLink,
  via: ConnectVia,
): Promise<void> {
  await claim.finish({ signedIn: true, message: `connected ${link.principal}` });
  await links.connected(link.token);
  logger.info({ event: "connected", source: claim.slug, principal: link.principal, via }, "a person connected");
}

/**
 * Ends a connect sign-in that failed: the sign-in keeps the error's message and code for the page that asks, and the
 * log a `connect_failed` line (never a secret: the message is the one the person sees). Returns the error's answer.
 */
export async function connectFailed(
  logger: Logger,
  claim: ClaimedSignIn,
  link: ConnectSignInLink,
  via: ConnectVia,
  error: unknown,
): Promise<ErrorResponse> {
  const answer = toErrorResponse(error);
  const { code, message } = answer.body.error;
  await claim.finish({ signedIn: false, message, code }).catch(() => undefined);
  logger.warn(
    {
      event: "connect_failed",
      source: claim.slug,
      principal: link.principal,
      via,
      errorCode: code,
      errorMessage: message,
    },
    via === "device-sign-in" ? "a person's device sign-in to connect failed" : "a person's sign-in to connect failed",
  );
  return answer;
}
