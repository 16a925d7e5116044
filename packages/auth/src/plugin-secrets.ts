import type { AnyAuthPlugin } from "./auth-plugin";
import type { AnyAuthPluginV2 } from "./v2/auth-plugin-v2";

/**
 * Every value of `credential` that must be redacted: what the plugin names in
 * `secretValues`, plus every non-empty string value of a field the plugin marks
 * `secret: true` in `credentialFields`, so redaction never depends on the plugin
 * remembering each field. Empty strings are left out; duplicates are removed.
 */
export function pluginSecrets(plugin: AnyAuthPlugin | AnyAuthPluginV2, credential: Record<string, unknown>): string[] {
  const secrets = new Set<string>(plugin.secretValues(credential));
  for (const field of plugin.credentialFields) {
    if (!field.secret) continue;
    const value = credential[field.name];
    if (typeof value === "string") secrets.add(value);
  }
  secrets.delete("");
  return [...secrets];
}
