import type { AnyAuthPluginV2 } from "./auth-plugin-v2";
import { describeAuthFields } from "./describe-auth-fields";

const publicFieldsOf = new WeakMap<object, ReadonlySet<string>>();

/** The credential fields a plugin declares `secret: false` (a user name, a client id): the only string fields not redacted. Read once per credential schema. */
export function publicCredentialFields(
  plugin: Pick<AnyAuthPluginV2, "configSchema" | "credentialSchema">,
): ReadonlySet<string> {
  const known = publicFieldsOf.get(plugin.credentialSchema);
  if (known !== undefined) return known;
  const names = new Set(
    describeAuthFields(plugin)
      .credential.filter((field) => !field.secret)
      .map((field) => field.name),
  );
  publicFieldsOf.set(plugin.credentialSchema, names);
  return names;
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
  for (const [name, value] of Object.entries(credential))
    if (typeof value === "string" && !publicNames.has(name)) secrets.add(value);
  secrets.delete("");
  return [...secrets];
}
