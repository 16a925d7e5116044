import { AuthError, AUTH_ERROR_CODES } from "../errors/auth-error";
import { AuthorizeError } from "../errors/authorize-error";
import type { AuthSignIn, SignInSource, SignInStart } from "./auth-sign-in";

/** The poll interval when a start names none: RFC 8628 3.5's default. */
export const defaultPollIntervalSeconds = 5;

/** What `pollSignIn` needs. */
export interface PollSignInOptions {
  readonly steps: AuthSignIn<Record<string, unknown>, Record<string, unknown>>;
  readonly source: SignInSource<Record<string, unknown>, Record<string, unknown>> & {
    readonly credential: Record<string, unknown>;
  };
  readonly start: SignInStart;
  /** Waits `ms` or until `signal` aborts. Default: a timer. Tests may pass a faster one. */
  readonly sleep?: ((ms: number, signal: AbortSignal) => Promise<void>) | undefined;
}

function timer(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(handle);
      reject(signal.reason as Error);
    };
    const handle = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Polls a sign-in that awaits `"poll"` (a device code) until it is done: waits
 * the start's interval (a `slow_down` answer makes the plugin return a longer
 * one), calls `poll`, and returns the credential to store. Stops with the
 * plugin's `AuthorizeError` (refused, expired), when `source.signal` aborts, or
 * when the start's `expiresAt` passes.
 */
export async function pollSignIn({
  steps,
  source,
  start,
  sleep = timer,
}: PollSignInOptions): Promise<Record<string, unknown>> {
  if (steps.poll === undefined)
    throw new AuthError({
      code: AUTH_ERROR_CODES.INVALID_PLUGIN,
      message: 'the plugin\'s sign-in answered awaits: "poll" but has no poll step',
    });
  let current = start;
  for (;;) {
    await sleep(Math.max(1, current.intervalSeconds ?? defaultPollIntervalSeconds) * 1000, source.signal);
    if (current.expiresAt !== undefined && source.now().getTime() >= current.expiresAt) {
      throw new AuthorizeError({
        outcome: "needs_auth",
        serverError: "expired_token",
        message: "the sign-in code expired before the sign-in was finished",
        hint: `run \`src auth login ${source.slug}\` again and enter the new code in time`,
      });
    }
    const result = await steps.poll({ ...source, start: current });
    if (result.done) return result.credential;
    current = result.start;
  }
}
