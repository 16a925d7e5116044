import type { SharedSignIns, SignInProgress } from "@src/auth";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";
import { connectLinkOfStart, withConnectLink } from "./connect-sign-in";
import { availableConnectSignIn, connectFailed, connectSucceeded, takeConnectLink } from "./connect-sign-in-outcome";
import type { ConnectSignInContext } from "./finish-connect-sign-in";

/** Where a connect page's device-code sign-in stands after one step; `connected` names whom it connected, when this step did. */
export interface ConnectSignInStep {
  readonly progress: SignInProgress;
  /** Set only when this very step finished it: the principal just connected (the caller grants them a session). */
  readonly connected?: { readonly slug: string; readonly principal: string } | undefined;
}

const stateInvalid = (message: string): SignInError =>
  new SignInError({ code: SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID, message });

/**
 * One step of a connect page's device-code sign-in (the person enters the code on any device while the page asks):
 * when it is due, claims it, polls the upstream's authorization server once from the operator's OAuth client, and
 * gives it back (not yet) or, once the person is done, uses the link up and stores what the sign-in gave as the link's
 * principal's own connection (never the shared credential), says the link connected (a waiting MCP elicitation goes
 * on) and ends the sign-in. The link is taken only then: a refused or expired sign-in leaves it usable. The sign-in
 * must be one started from the link of `token`, or it is refused.
 */
export async function stepConnectSignIn(
  context: Pick<ConnectSignInContext, "service" | "logger" | "links"> & {
    readonly signIns: SharedSignIns;
    readonly now: () => Date;
  },
  token: string,
  signInId: string,
  signal: AbortSignal,
): Promise<ConnectSignInStep> {
  const { signIns, service, links, logger } = context;
  const unknown = `no sign-in of this connect link has this signInId (unknown, or long gone); start it again from the link's page`;
  const progress = await signIns.progress(signInId);
  if (progress === undefined) throw stateInvalid(unknown);
  if (progress.status !== "waiting" || progress.awaits !== "poll") return { progress };
  const claim = await signIns.claim(signInId);
  if (!claim.found) return { progress: (await signIns.progress(signInId)) ?? progress };
  const link = connectLinkOfStart(claim.start);
  if (link?.token !== token) {
    await claim.release({});
    throw stateInvalid(unknown);
  }
  if (claim.nextPollAt !== undefined && claim.nextPollAt > context.now().getTime()) {
    await claim.release({});
    return { progress };
  }
  try {
    const { plugin, source } = (await availableConnectSignIn(service, claim.slug, signal)).target;
    if (plugin.signIn.poll === undefined)
      throw new SignInError({
        code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
        message: `auth type "${plugin.type}" started a sign-in that polls but has no poll step`,
      });
    const result = await plugin.signIn.poll({ ...source, start: link.start });
    if (!result.done) {
      await claim.release({
        start: withConnectLink(result.start, token, link.principal),
        nextPollAt: context.now().getTime() + (result.start.intervalSeconds ?? 5) * 1000,
      });
      return { progress: (await signIns.progress(signInId)) ?? progress };
    }
    await takeConnectLink(links, link, claim.slug);
    try {
      await service.setConnection(claim.slug, link.principal, result.credential);
    } catch (error) {
      await links.putBack(token);
      throw error;
    }
    await connectSucceeded(context, claim, link, "device-sign-in");
    return {
      progress: (await signIns.progress(signInId)) ?? { ...progress, status: "signed_in" },
      connected: { slug: claim.slug, principal: link.principal },
    };
  } catch (error) {
    await connectFailed(logger, claim, link, "device-sign-in", error);
    return { progress: (await signIns.progress(signInId)) ?? { ...progress, status: "failed" } };
  }
}
