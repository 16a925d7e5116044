import type { AnyAuthPluginV2 } from "./auth-plugin-v2";
import { describeAuthFields } from "./describe-auth-fields";

/** The credential fields a plugin declares `secret: false` (a user name, a client id): the only string fields not redacted. */
export function publicCredentialFields(plugin: Pick<AnyAuthPluginV2, "configSchema" | "credentialSchema">): Set<string> {
  return new Set(describeAuthFields(plugin).credential.filter((field) => !field.secret).map((field) => field.name));
}

/**
 * Every value of `credential` that must be redacted: what the plugin names in
 * `secretValues`, plus every non-empty string value of the credential except
 * those of fields declared `secret: false`, so redaction never depends on the
 * plugin remembering each field (a token it manages, a key per header).
 * Empty strings are left out; duplicates are removed.
 */
export function pluginSecrets(plugin: AnyAuthPluginV2, credential: Record<string, unknown>): string[] {
  const secrets = new Set<string>(plugin.secretValues(credential));
  const publicNames = publicCredentialFields(plugin);
  for (const [name, value] of Object.entries(credential)) if (typeof value === "string" && !publicNames.has(name)) secrets.add(value);
  secrets.delete("");
  return [...secrets];
}
