import { InvalidCredentialError } from "./errors/invalid-credential-error";
import type { AnyAuthPluginV2 } from "./auth-plugin-v2";
import { malformedTextIssues } from "./well-formed-text";

/**
 * The credential as the plugin's `credentialSchema` parses it (its output, with
 * any transform applied), or `InvalidCredentialError` (no value in its message). A string
 * holding a lone UTF-16 surrogate is refused whatever the plugin's schema says.
 * Parse once per call and pass the result on: a schema that transforms its
 * input (encoding, deriving a value) must not be applied to its own output.
 */
export function checkCredential(plugin: AnyAuthPluginV2, credential: unknown): Record<string, unknown> {
  const malformed = malformedTextIssues(credential);
  if (malformed.length > 0) throw new InvalidCredentialError({ authType: plugin.type, issues: malformed });
  const parsed = plugin.credentialSchema.safeParse(credential);
  if (!parsed.success) throw new InvalidCredentialError({ authType: plugin.type, issues: parsed.error.issues });
  return parsed.data as Record<string, unknown>;
}
