import type { AnyAuthPlugin } from "./auth-plugin";
import { toAuthPluginV2 } from "./v2/adapt-auth-plugin-v1";
import type { AnyAuthPluginV2 } from "./v2/auth-plugin-v2";
import { AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";
import { malformedTextIssues } from "./well-formed-text";
import { InvalidCredentialError } from "./errors/invalid-credential-error";
import { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";

/** A plugin as registered: either contract version. */
export type RegisteredAuthPlugin = AnyAuthPlugin | AnyAuthPluginV2;

/**
 * The set of auth plugins a service knows, by `type`. Plugins of contract v1
 * and v2 are registered side by side; the registry hands every one out as v2
 * (v1 plugins through `adaptAuthPluginV1`, unchanged in behaviour).
 */
export interface AuthRegistry {
  /** Registered types, in registration order. */
  readonly types: readonly string[];
  /** The plugin for `type` (as v2), or `undefined`. */
  find(type: string): AnyAuthPluginV2 | undefined;
  /** The plugin for `type` (as v2); throws `UnknownAuthTypeError` listing the registered types. */
  get(type: string): AnyAuthPluginV2;
  /** Checks a credential with the plugin's schema; throws `InvalidCredentialError` (no values in it). */
  parseCredential(type: string, credential: unknown): Record<string, unknown>;
  /** A new registry with `plugin` added. */
  with(plugin: RegisteredAuthPlugin): AuthRegistry;
}

const supportedVersions = new Set(["v1", "v2"]);

/** Creates a registry; a type registered twice is an error. */
export function createAuthRegistry(plugins: readonly RegisteredAuthPlugin[]): AuthRegistry {
  const byType = new Map<string, AnyAuthPluginV2>();
  const registered: RegisteredAuthPlugin[] = [];
  for (const plugin of plugins) {
    if (!supportedVersions.has(plugin.specificationVersion)) {
      throw new AuthError({
        code: AUTH_ERROR_CODES.INVALID_PLUGIN,
        message: `auth plugin "${String(plugin.type)}" implements specification ${String(plugin.specificationVersion)}; this registry supports "v1" and "v2"`,
      });
    }
    if (byType.has(plugin.type)) {
      throw new AuthError({
        code: AUTH_ERROR_CODES.DUPLICATE_AUTH_TYPE,
        message: `auth type "${plugin.type}" is registered twice; give your plugin another type`,
      });
    }
    byType.set(plugin.type, toAuthPluginV2(plugin));
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
