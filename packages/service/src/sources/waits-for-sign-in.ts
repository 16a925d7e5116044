import type { AnyAuthPluginV2 } from "@src/auth";
import type { SourceRecord } from "@src/config";

/**
 * Whether the source's auth mode signs a person in (OAuth 2.0's authorization code or device code grant) and no one
 * has yet: a test call could only fail, so `addSource` leaves the test to the sign-in.
 */
export function waitsForSignIn(
  plugin: AnyAuthPluginV2 | undefined,
  source: SourceRecord,
  credential: unknown,
): boolean {
  const steps = plugin?.signIn;
  if (plugin === undefined || steps === undefined) return false;
  const config = plugin.configSchema.safeParse(source.api);
  if (!config.success) return false;
  const parsed = credential === undefined ? undefined : plugin.credentialSchema.safeParse(credential);
  const signInSource = {
    slug: source.slug,
    config: config.data as Record<string, unknown>,
    credential: parsed?.success === true ? (parsed.data as Record<string, unknown>) : undefined,
    now: () => new Date(),
    signal: new AbortController().signal,
  };
  const typed = steps as unknown as {
    unavailable(source: typeof signInSource): unknown;
    status(source: typeof signInSource): { signedIn: boolean };
  };
  return typed.unavailable(signInSource) === undefined && !typed.status(signInSource).signedIn;
}
