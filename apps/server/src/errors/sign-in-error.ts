import type { ServerErrorCode } from "./server-error";
import { ServerError } from "./server-error";

/** The codes an error of this class carries. */
type SignInErrorCode = Extract<ServerErrorCode, "NO_SIGN_IN" | "SIGN_IN_NOT_POSSIBLE" | "SIGN_IN_STATE_INVALID">;

/** A sign-in or status request the source cannot serve (its auth mode has no sign-in, or it needs none now), or a sign-in redirect that is no longer good. Never holds a token, code or state. */
export class SignInError extends ServerError {
  static override readonly marker: string = "src.server.error.SignInError";
  declare readonly code: SignInErrorCode;
}
