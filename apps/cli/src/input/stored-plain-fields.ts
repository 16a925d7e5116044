import { describeAuthFields, type AnyAuthPluginV2 } from "@src/auth";
import type { SourceService } from "@src/service";

/**
 * The non-secret fields (`username`, `clientId`) of the credential stored for `slug`, as the plugin declares them
 * for `config`, so replacing a password does not ask for the user name again (never printed: it may be the key).
 * Empty when there is none, it is bound to another base URL, or the vault cannot be read.
 */
export async function storedPlainFields(
  service: Pick<SourceService, "getCredential">,
  slug: string,
  plugin: AnyAuthPluginV2,
  config?: Record<string, unknown>,
): Promise<Record<string, string>> {
  const names = describeAuthFields(plugin, config)
    .credential.filter((field) => !field.secret)
    .map((field) => field.name);
  if (names.length === 0) return {};
  try {
    const entry = await service.getCredential(slug);
    const fields: Record<string, string> = {};
    for (const name of names) if (typeof entry?.[name] === "string" && entry[name] !== "") fields[name] = entry[name];
    return fields;
  } catch {
    return {};
  }
}
