import { ERROR_KINDS, errorBase } from "@src/errors";

/** The consent page's request is gone, its CSRF token does not match the sign-in, or the choice is invalid. */
export class ConsentError extends errorBase({
  name: "ConsentError",
  marker: "src.server.error.ConsentError",
  kindOfCode: {
    CONSENT_REQUEST_NOT_FOUND: ERROR_KINDS.NOT_FOUND,
    CONSENT_CSRF_INVALID: ERROR_KINDS.FORBIDDEN,
    CONSENT_INVALID: ERROR_KINDS.INVALID_INPUT,
  },
}) {}

/** Codes of the consent page's API. */
export type ConsentErrorCode = keyof typeof ConsentError.codes;
