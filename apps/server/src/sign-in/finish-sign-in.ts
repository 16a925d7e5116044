import { AuthorizeError, type ClaimedSignIn, type SharedSignIns, type SignInProgress } from "@src/auth";
import type { SourceService } from "@src/service";
import type { Logger } from "pino";
import { toErrorResponse } from "../error-response";
import { checkSignInPossible, loadSignInTarget } from "./load-sign-in-source";

/** What the server tells people once a sign-in stored its credential: the source's test outcome. */
function testedLine(validation: { ok: boolean; status: string; message?: string } | null): string {
  if (validation === null) return "The source was not tested.";
  return validation.ok
    ? `The source's test call succeeded (${validation.status}).`
    : `The source's test call did not succeed (${validation.status}): ${validation.message ?? ""}`;
}

/**
 * Stores what a finished sign-in gave, tests the source, and ends the claimed
 * sign-in (signed in, with the test outcome); a failure ends it as failed with
 * the error's message and code. Returns the lines for people, or rethrows.
 */
export async function finishClaimed(
  { service, logger }: { service: SourceService; logger: Logger },
  claim: ClaimedSignIn,
  obtain: (
    target: Awaited<ReturnType<typeof loadSignInTarget>>,
    credential: Record<string, unknown>,
  ) => Promise<Record<string, unknown> | undefined>,
  signal: AbortSignal,
): Promise<{ signedIn: true; lines: string[] } | { signedIn: false; lines: string[] } | undefined> {
  try {
    const target = await loadSignInTarget(service, claim.slug, signal);
    const credential = checkSignInPossible(target);
    const signedIn = await obtain(target, credential);
    if (signedIn === undefined) return undefined;
    const { validation } = await service.setCredential(claim.slug, signedIn);
    const tested = testedLine(validation);
    await claim.finish({ signedIn: true, message: tested });
    logger.info(
      { event: "signed_in", source: claim.slug, connectionStatus: validation?.status ?? null },
      "sign-in completed",
    );
    return {
      signedIn: true,
      lines: [tested, "What the sign-in gave is stored on the server. You may close this tab."],
    };
  } catch (error) {
    const { status, body } = toErrorResponse(error);
    await claim.finish({ signedIn: false, message: body.error.message, code: body.error.code }).catch(() => undefined);
    logger.warn(
      {
        event: "sign_in_failed",
        source: claim.slug,
        errorCode: body.error.code,
        errorMessage: status === 500 ? (error as Error).message : body.error.message,
      },
      "sign-in failed",
    );
    throw error;
  }
}

/**
 * One step of a sign-in that polls (a device code), on whichever replica is
 * asked: when it is due, claims it, polls the authorization server once, and
 * gives it back (not yet, perhaps with a longer interval) or finishes it.
 * Returns where it stands afterwards.
 */
export async function advancePolledSignIn(
  context: { service: SourceService; logger: Logger; signIns: SharedSignIns; now: () => Date },
  state: string,
  signal: AbortSignal,
): Promise<SignInProgress | undefined> {
  const progress = await context.signIns.progress(state);
  if (progress === undefined || progress.status !== "waiting" || progress.awaits !== "poll") return progress;
  const claim = await context.signIns.claim(state);
  if (!claim.found) return context.signIns.progress(state);
  const time = context.now().getTime();
  if (claim.nextPollAt !== undefined && claim.nextPollAt > time) {
    await claim.release({});
    return context.signIns.progress(state);
  }
  try {
    await finishClaimed(
      context,
      claim,
      async (target, credential) => {
        if (target.plugin.signIn.poll === undefined)
          throw new AuthorizeError({
            outcome: "failed",
            message: `auth type "${target.plugin.type}" started a sign-in that polls but has no poll step`,
            hint: "report it to the plugin's authors",
          });
        const result = await target.plugin.signIn.poll({ ...target.source, credential, start: claim.start });
        if (result.done) return result.credential;
        await claim.release({
          start: result.start,
          nextPollAt: context.now().getTime() + (result.start.intervalSeconds ?? 5) * 1000,
        });
        return undefined;
      },
      signal,
    );
  } catch {
    // Recorded as failed by finishClaimed; the progress says why.
  }
  return context.signIns.progress(state);
}
