import { AUTH_ERROR_CODES, AuthError } from "./auth-error";

/** `api.authType` names no registered plugin. */
export class UnknownAuthTypeError extends AuthError {
  static override readonly marker: string = "src.auth.error.UnknownAuthTypeError";
  readonly authType: string;
  readonly registeredTypes: readonly string[];

  constructor({
    authType,
    registeredTypes,
    cause,
  }: {
    authType: string;
    registeredTypes: readonly string[];
    cause?: unknown;
  }) {
    super({
      code: AUTH_ERROR_CODES.UNKNOWN_AUTH_TYPE,
      message: `api.authType: unknown auth type "${authType}"; use one of: ${registeredTypes.map((type) => `"${type}"`).join(", ")}`,
      cause,
    });
    this.authType = authType;
    this.registeredTypes = registeredTypes;
  }
}
