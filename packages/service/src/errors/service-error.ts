import { ERROR_KINDS, SrcError, type ErrorKind } from "@src/errors";

const marker = "src.service.error";
const symbol = Symbol.for(marker);

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
  /** A principal's own credential for a source that shares one credential (`api.credentials` is not `per-user`), or a shared credential for a per-user source. */
  CREDENTIAL_MODE_MISMATCH: "CREDENTIAL_MODE_MISMATCH",
} as const;

export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[keyof typeof SERVICE_ERROR_CODES];

/** The kind of each code, which the apps map once to an exit code and an HTTP status (see `@src/errors`). */
const kindOfCode: Record<ServiceErrorCode, ErrorKind> = {
  UNKNOWN_TOOL: ERROR_KINDS.NOT_FOUND,
  UNKNOWN_COMMAND: ERROR_KINDS.INVALID_INPUT,
  CREDENTIAL_REQUIRED: ERROR_KINDS.INVALID_INPUT,
  // A module named in SRC_AUTH_PLUGINS is missing, fails to import, or exports no valid plugin.
  AUTH_PLUGIN_NOT_FOUND: ERROR_KINDS.MISCONFIGURED,
  AUTH_PLUGIN_LOAD_FAILED: ERROR_KINDS.MISCONFIGURED,
  AUTH_PLUGIN_NOT_EXPORTED: ERROR_KINDS.MISCONFIGURED,
  AUTH_PLUGIN_INVALID: ERROR_KINDS.MISCONFIGURED,
  INVALID_IMPORT: ERROR_KINDS.INVALID_INPUT,
  CREDENTIAL_MODE_MISMATCH: ERROR_KINDS.INVALID_INPUT,
};

/** Base error of `@src/service`; `ServiceError.isInstance` works across duplicate installs. */
export class ServiceError extends SrcError<ServiceErrorCode> {
  private readonly [symbol] = true;

  constructor({ code, message, cause }: { code: ServiceErrorCode; message: string; cause?: unknown }) {
    super({ code, kind: kindOfCode[code], message, cause });
    this.name = "ServiceError";
  }

  static override isInstance(error: unknown): error is ServiceError {
    return SrcError.hasMarker(error, marker);
  }
}
