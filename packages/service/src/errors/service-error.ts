import { ERROR_KINDS, errorBase } from "@src/errors";

/** One of `SERVICE_ERROR_CODES`. */
export type ServiceErrorCode = keyof typeof SERVICE_ERROR_CODES;

/**
 * Base error of `@src/service`, with each of its codes and the kind the apps map
 * it to (an exit code, an HTTP status; see `@src/errors`). `ServiceError.isInstance`
 * works across duplicate installs.
 */
export class ServiceError extends errorBase({
  name: "ServiceError",
  marker: "src.service.error",
  kindOfCode: {
    UNKNOWN_TOOL: ERROR_KINDS.NOT_FOUND,
    UNKNOWN_COMMAND: ERROR_KINDS.INVALID_INPUT,
    CREDENTIAL_REQUIRED: ERROR_KINDS.INVALID_INPUT,
    // A module named in SRC_AUTH_PLUGINS is missing, fails to import, or exports no valid plugin: the process's setting.
    /** `loadAuthPlugins`: the module specifier resolves to no file or package. */
    AUTH_PLUGIN_NOT_FOUND: ERROR_KINDS.MISCONFIGURED,
    /** `loadAuthPlugins`: the module was found but importing it threw. */
    AUTH_PLUGIN_LOAD_FAILED: ERROR_KINDS.MISCONFIGURED,
    /** `loadAuthPlugins`: the module exports no default plugin and no `create...Auth` factory. */
    AUTH_PLUGIN_NOT_EXPORTED: ERROR_KINDS.MISCONFIGURED,
    /** `loadAuthPlugins`: an exported plugin does not implement the v1 contract, or its type clashes. */
    AUTH_PLUGIN_INVALID: ERROR_KINDS.MISCONFIGURED,
    /** `importSources`: the export document has problems (all listed); nothing was imported. */
    INVALID_IMPORT: ERROR_KINDS.INVALID_INPUT,
    /** A principal's own credential for a source that shares one credential (`api.credentials` is not `per-user`), or a shared credential for a per-user source. */
    CREDENTIAL_MODE_MISMATCH: ERROR_KINDS.INVALID_INPUT,
  },
}) {}

/** Error codes of `@src/service`, for callers that branch on them. */
export const SERVICE_ERROR_CODES = ServiceError.codes;
