const symbol = Symbol.for("src.service.error");

/** Error codes of `@src/service`. */
export const SERVICE_ERROR_CODES = {
  UNKNOWN_TOOL: "UNKNOWN_TOOL",
  UNKNOWN_COMMAND: "UNKNOWN_COMMAND",
  CREDENTIAL_REQUIRED: "CREDENTIAL_REQUIRED",
} as const;

export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[keyof typeof SERVICE_ERROR_CODES];

/** Base error of `@src/service`; `ServiceError.isInstance` works across duplicate installs. */
export class ServiceError extends Error {
  private readonly [symbol] = true;
  readonly code: ServiceErrorCode;

  constructor({ code, message, cause }: { code: ServiceErrorCode; message: string; cause?: unknown }) {
    super(message, { cause });
    this.name = "ServiceError";
    this.code = code;
  }

  static isInstance(error: unknown): error is ServiceError {
    return typeof error === "object" && error !== null && symbol in error;
  }
}
