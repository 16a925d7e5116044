import { AuthError, createAuthRegistry, type AuthRegistry, type AnyAuthPluginV2 } from "@src/auth";
import { SERVICE_ERROR_CODES } from "../errors/service-error";
import { loadAuthPlugins } from "./load-auth-plugins";
import { AuthPluginLoadError } from "../load-auth-plugins-error";

/** The environment variable that lists extra auth plugin modules, comma-separated. */
export const AUTH_PLUGINS_VARIABLE = "SRC_AUTH_PLUGINS";

/** Options of `createAuthRegistryFromEnvironment`. */
export interface AuthRegistryFromEnvironmentOptions {
  /** The plugins registered first, before those of `SRC_AUTH_PLUGINS`: the apps pass `defaultAuthPlugins()` of `@src/auth-presets`. */
  plugins: readonly AnyAuthPluginV2[];
  /** Directory that package names and relative paths are resolved from. Default `process.cwd()`. */
  from?: string;
}

/** The module specifiers in `SRC_AUTH_PLUGINS`: split on commas, trimmed, empty and repeated entries dropped. */
export function authPluginSpecifiersOf(env: Record<string, string | undefined>): string[] {
  const value = env[AUTH_PLUGINS_VARIABLE] ?? "";
  return [
    ...new Set(
      value
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== ""),
    ),
  ];
}

/**
 * A registry of `plugins` (the apps pass the built-in modes) plus the
 * plugins of the modules listed in `SRC_AUTH_PLUGINS` (see `loadAuthPlugins`).
 * Unset or empty: `plugins` only, and nothing is imported. A plugin whose type
 * is already registered is an `AuthPluginLoadError` (`AUTH_PLUGIN_INVALID`).
 */
export async function createAuthRegistryFromEnvironment(
  env: Record<string, string | undefined>,
  { plugins, from }: AuthRegistryFromEnvironmentOptions,
): Promise<AuthRegistry> {
  const specifiers = authPluginSpecifiersOf(env);
  if (specifiers.length === 0) return createAuthRegistry(plugins);
  const loaded = await loadAuthPlugins(specifiers, { from });
  try {
    return createAuthRegistry([...plugins, ...loaded]);
  } catch (error) {
    if (!AuthError.isInstance(error)) throw error;
    throw new AuthPluginLoadError({
      code: SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID,
      specifier: specifiers.join(","),
      message: `${AUTH_PLUGINS_VARIABLE}: ${error.message}`,
      cause: error,
    });
  }
}
