import type { AnyAuthPluginV2 } from "./auth-plugin-v2";
import { describeAuthFields } from "./describe-auth-fields";
import { AUTH_ERROR_CODES, AuthError } from "./errors/auth-error";

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
 * Empty strings are left out; duplicates are removed. Throws `AuthError`
 * (`INVALID_PLUGIN`) when `secretValues` does not answer a list of strings.
 */
export function pluginSecrets(plugin: AnyAuthPluginV2, credential: Record<string, unknown>): string[] {
  const named: unknown = plugin.secretValues(credential);
  if (!Array.isArray(named) || named.some((value) => typeof value !== "string")) {
    // A string would be redacted character by character; refused, naming the hook, before anything is sent.
    const got = Array.isArray(named) ? "an array holding other values" : named === null ? "null" : `a ${typeof named}`;
    throw new AuthError({
      code: AUTH_ERROR_CODES.INVALID_PLUGIN,
      message: `auth plugin "${plugin.type}": secretValues(credential) must return an array of strings (every stored value to redact), not ${got}; return [credential.token], say`,
    });
  }
  const secrets = new Set<string>(named as string[]);
  const publicNames = publicCredentialFields(plugin);
  for (const [name, value] of Object.entries(credential))
    if (typeof value === "string" && !publicNames.has(name)) secrets.add(value);
  secrets.delete("");
  return [...secrets];
}
