import type { AnyAuthPluginV2 } from "./auth-plugin-v2";
import { findAuthPluginProblems } from "./find-auth-plugin-problems";
import { AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";
import { malformedTextIssues } from "./well-formed-text";
import { InvalidCredentialError } from "./errors/invalid-credential-error";
import { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";

/** The set of auth plugins a service knows, by `type`. */
export interface AuthRegistry {
  /** Registered types, in registration order. */
  readonly types: readonly string[];
  /** The plugin for `type`, or `undefined`. */
  find(type: string): AnyAuthPluginV2 | undefined;
  /** The plugin for `type`; throws `UnknownAuthTypeError` listing the registered types. */
  get(type: string): AnyAuthPluginV2;
  /** Checks a credential with the plugin's schema; throws `InvalidCredentialError` (no values in it). */
  parseCredential(type: string, credential: unknown): Record<string, unknown>;
  /** A new registry with `plugin` added. */
  with(plugin: AnyAuthPluginV2): AuthRegistry;
}

/**
 * Creates a registry. Each plugin is checked as the module loader checks one (`findAuthPluginProblems`): a plugin
 * that is not a v2 plugin object (a missing hook, a `type` outside `[a-z0-9-]`, schemas that are not zod) is refused
 * here, naming every problem, rather than failing on a call later. A type registered twice is an error.
 */
export function createAuthRegistry(plugins: readonly AnyAuthPluginV2[]): AuthRegistry {
  const byType = new Map<string, AnyAuthPluginV2>();
  const registered: AnyAuthPluginV2[] = [];
  for (const [index, plugin] of plugins.entries()) {
    const problems = findAuthPluginProblems(plugin);
    if (problems.length > 0) {
      const type = (plugin as { type?: unknown } | null)?.type;
      const named = typeof type === "string" && type !== "" ? `"${type.slice(0, 60)}"` : `number ${index + 1}`;
      throw new AuthError({
        code: AUTH_ERROR_CODES.INVALID_PLUGIN,
        message: `auth plugin ${named} cannot be registered: ${problems.join("; ")}; see "Write a plugin" in @src/auth's README`,
      });
    }
    if (byType.has(plugin.type)) {
      throw new AuthError({
        code: AUTH_ERROR_CODES.DUPLICATE_AUTH_TYPE,
        message: `auth type "${plugin.type}" is registered twice; give your plugin another type`,
      });
    }
    byType.set(plugin.type, plugin);
    registered.push(plugin);
  }
  const types = [...byType.keys()];

  const get = (type: string): AnyAuthPluginV2 => {
    const plugin = byType.get(type);
    if (plugin === undefined) throw new UnknownAuthTypeError({ authType: type, registeredTypes: types });
    return plugin;
  };

  return {
    types,
    find: (type) => byType.get(type),
    get,
    parseCredential(type, credential) {
      const malformed = malformedTextIssues(credential);
      if (malformed.length > 0) throw new InvalidCredentialError({ authType: get(type).type, issues: malformed });
      const result = get(type).credentialSchema.safeParse(credential);
      if (!result.success) throw new InvalidCredentialError({ authType: type, issues: result.error.issues });
      return result.data as Record<string, unknown>;
    },
    with: (plugin) => createAuthRegistry([...registered, plugin]),
  };
}
