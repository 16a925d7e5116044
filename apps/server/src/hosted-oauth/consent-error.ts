import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.server.error.ConsentError";
const symbol = Symbol.for(marker);

/** Codes of the consent page's API. */
export type ConsentErrorCode = "CONSENT_REQUEST_NOT_FOUND" | "CONSENT_CSRF_INVALID" | "CONSENT_INVALID";

const kindOfCode: Record<ConsentErrorCode, ErrorKind> = {
  CONSENT_REQUEST_NOT_FOUND: ERROR_KINDS.NOT_FOUND,
  CONSENT_CSRF_INVALID: ERROR_KINDS.FORBIDDEN,
  CONSENT_INVALID: ERROR_KINDS.INVALID_INPUT,
};

/** The consent page's request is gone, its CSRF token does not match the sign-in, or the choice is invalid. */
export class ConsentError extends SrcError<ConsentErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message }: { code: ConsentErrorCode; message: string }) {
    super({ code, kind: kindOfCode[code], message });
    this.name = "ConsentError";
  }

  static override isInstance(error: unknown): error is ConsentError {
    return SrcError.hasMarker(error, marker);
  }
}
