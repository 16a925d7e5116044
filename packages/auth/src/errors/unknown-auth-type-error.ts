import { AUTH_ERROR_CODES, AuthError } from "./auth-error";

const marker = "src.auth.error.UnknownAuthTypeError";
const symbol = Symbol.for(marker);

/** `api.authType` names no registered plugin. */
export class UnknownAuthTypeError extends AuthError {
  private readonly [symbol] = true;
  readonly authType: string;
  readonly registeredTypes: readonly string[];

  constructor({ authType, registeredTypes, cause }: { authType: string; registeredTypes: readonly string[]; cause?: unknown }) {
    super({
      code: AUTH_ERROR_CODES.UNKNOWN_AUTH_TYPE,
      message: `api.authType: unknown auth type "${authType}"; use one of: ${registeredTypes.map((type) => `"${type}"`).join(", ")}`,
      cause,
    });
    this.name = "UnknownAuthTypeError";
    this.authType = authType;
    this.registeredTypes = registeredTypes;
  }

  static override isInstance(error: unknown): error is UnknownAuthTypeError {
    return AuthError.hasMarker(error, marker);
  }
}
