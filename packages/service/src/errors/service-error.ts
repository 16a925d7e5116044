const symbol = Symbol.for("src.service.error");

/** Error codes of `@src/service`. */
export const SERVICE_ERROR_CODES = {
  UNKNOWN_TOOL: "UNKNOWN_TOOL",
  UNKNOWN_COMMAND: "UNKNOWN_COMMAND",
  CREDENTIAL_REQUIRED: "CREDENTIAL_REQUIRED",
  /** `loadAuthPlugins`: the module specifier resolves to no file or package. */
  AUTH_PLUGIN_NOT_FOUND: "AUTH_PLUGIN_NOT_FOUND",
  /** `loadAuthPlugins`: the module was found but importing it threw. */
  AUTH_PLUGIN_LOAD_FAILED: "AUTH_PLUGIN_LOAD_FAILED",
  /** `loadAuthPlugins`: the module exports no default plugin and no `create...Auth` factory. */
  AUTH_PLUGIN_NOT_EXPORTED: "AUTH_PLUGIN_NOT_EXPORTED",
  /** `loadAuthPlugins`: an exported plugin does not implement the v1 contract, or its type clashes. */
  AUTH_PLUGIN_INVALID: "AUTH_PLUGIN_INVALID",
  /** `importSources`: the export document has problems (all listed); nothing was imported. */
  INVALID_IMPORT: "INVALID_IMPORT",
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
