import { InvalidCredentialError } from "./errors/invalid-credential-error";
import type { AnyAuthPluginV2 } from "./auth-plugin-v2";

/**
 * The credential as the plugin's `credentialSchema` parses it (its output, with
 * any transform applied), or `InvalidCredentialError` (no value in its message).
 * Parse once per call and pass the result on: a schema that transforms its
 * input (encoding, deriving a value) must not be applied to its own output.
 */
export function checkCredential(plugin: AnyAuthPluginV2, credential: unknown): Record<string, unknown> {
  const parsed = plugin.credentialSchema.safeParse(credential);
  if (!parsed.success) throw new InvalidCredentialError({ authType: plugin.type, issues: parsed.error.issues });
  return parsed.data as Record<string, unknown>;
}
