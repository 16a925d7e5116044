import type { AnyAuthPluginV2, AuthSignIn, SignInSource } from "@src/auth";
import type { SourceService } from "@src/service";
import { UsageError } from "../errors/usage-error";

/** Whether a source with this config and credential can be called only after a person signs in (`src auth login`). */
export function needsSignIn(
  plugin: AnyAuthPluginV2,
  slug: string,
  config: Record<string, unknown>,
  credential: Record<string, unknown>,
): boolean {
  const steps = plugin.signIn;
  if (steps === undefined) return false;
  const parsed = plugin.credentialSchema.safeParse(credential);
  const source = {
    slug,
    config,
    credential: parsed.success ? (parsed.data as Record<string, unknown>) : undefined,
    now: () => new Date(),
    signal: new AbortController().signal,
  };
  return steps.unavailable(source) === undefined && !steps.status(source).signedIn;
}

/** A source whose auth mode has sign-in steps, with its parsed config and stored credential, for `src auth …`. */
export interface SignInTarget {
  readonly plugin: Omit<AnyAuthPluginV2, "signIn"> & {
    readonly signIn: AuthSignIn<Record<string, unknown>, Record<string, unknown>>;
  };
  readonly source: SignInSource<Record<string, unknown>, Record<string, unknown>>;
}

/** Loads `slug` and refuses a source whose auth mode has no sign-in steps, saying what `src auth` is for. */
export async function loadSignInTarget(service: SourceService, slug: string, command: string): Promise<SignInTarget> {
  const { source } = await service.getSource(slug);
  const plugin = service.registry.get(source.api.authType);
  if (plugin.signIn === undefined) {
    throw new UsageError({
      message: `${command}: source "${slug}" uses auth type "${source.api.authType}", which has no sign-in; \`src auth\` is for sources whose auth mode signs a person in (their \`src source add --auth TYPE --help\` says so)`,
    });
  }
  const stored = await service.getCredential(slug);
  const parsed = stored === undefined ? undefined : plugin.credentialSchema.safeParse(stored);
  const config = plugin.configSchema.parse(source.api) as Record<string, unknown>;
  return {
    plugin: plugin as SignInTarget["plugin"],
    source: {
      slug,
      config,
      credential: parsed?.success === true ? (parsed.data as Record<string, unknown>) : undefined,
      now: () => new Date(),
      signal: new AbortController().signal,
    },
  };
}
