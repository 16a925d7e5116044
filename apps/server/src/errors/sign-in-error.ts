import type { SERVER_ERROR_CODES } from "./server-error";
import { ServerError } from "./server-error";

type SignInErrorCode =
  | typeof SERVER_ERROR_CODES.NO_SIGN_IN
  | typeof SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE
  | typeof SERVER_ERROR_CODES.SIGN_IN_STATE_INVALID;

/** A sign-in or status request the source cannot serve (its auth mode has no sign-in, or it needs none now), or a sign-in redirect that is no longer good. Never holds a token, code or state. */
export class SignInError extends ServerError {
  static override readonly marker: string = "src.server.error.SignInError";

  constructor({ code, message, cause }: { code: SignInErrorCode; message: string; cause?: unknown }) {
    super({ code, message, cause });
  }
}
