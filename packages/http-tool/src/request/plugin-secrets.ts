import type { AnyAuthPlugin } from "@src/auth";

/**
 * Every value of `credential` that must be redacted: what the plugin names in
 * `secretValues`, plus every non-empty string value of a field the plugin marks
 * `secret: true` in `credentialFields`, so redaction never depends on the plugin
 * remembering each field. Empty strings are left out; duplicates are removed.
 */
export function pluginSecrets(plugin: AnyAuthPlugin, credential: Record<string, unknown>): string[] {
  const secrets = new Set<string>(plugin.secretValues(credential));
  for (const field of plugin.credentialFields) {
    if (!field.secret) continue;
    const value = credential[field.name];
    if (typeof value === "string") secrets.add(value);
  }
  secrets.delete("");
  return [...secrets];
}
