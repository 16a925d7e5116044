import type { AnyAuthPluginV2, AuthSignIn, SignInSource } from "@src/auth";
import { isPerUserSource } from "@src/config";
import type { SourceOperationResult, SourceService } from "@src/service";
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
  /**
   * Stores what a sign-in or sign-out gives, where the credential was read: the source's shared credential, or for a
   * per-user source the operator's own connection (principal `local`), then tests it unless `test` is false.
   */
  store(credential: Record<string, unknown>, options?: { test?: boolean }): Promise<SourceOperationResult>;
  /** What to say when nothing is stored to sign in with: where this source keeps its OAuth client. */
  readonly noCredential: string;
  /** The command that stores what the operator enters (the client id and secret), where this source keeps it. */
  readonly storeCommand: string;
}

/** The principal of the operator at this machine: whose connection `src auth` signs in to a per-user source. */
const operatorPrincipal = "local";

/** Loads `slug` and refuses a source whose auth mode has no sign-in steps, saying what `src auth` is for. */
export async function loadSignInTarget(service: SourceService, slug: string, command: string): Promise<SignInTarget> {
  const { source } = await service.getSource(slug);
  const plugin = service.registry.get(source.api.authType);
  if (plugin.signIn === undefined) {
    throw new UsageError({
      message: `${command}: source "${slug}" uses auth type "${source.api.authType}", which has no sign-in; \`src auth\` is for sources whose auth mode signs a person in (their \`src source add --auth TYPE --help\` says so)`,
    });
  }
  // A per-user source has no shared credential: the operator signs in to their own connection (the OAuth client they
  // stored with `src credential set SLUG --principal local`), as each person does through a connect link.
  const perUser = isPerUserSource(source);
  const stored = perUser ? await service.getConnection(slug, operatorPrincipal) : await service.getCredential(slug);
  const parsed = stored === undefined ? undefined : plugin.credentialSchema.safeParse(stored);
  const config = plugin.configSchema.parse(source.api) as Record<string, unknown>;
  const storeCommand = `src credential set ${slug}${perUser ? ` --principal ${operatorPrincipal}` : ""}`;
  return {
    plugin: plugin as SignInTarget["plugin"],
    source: {
      slug,
      config,
      credential: parsed?.success === true ? (parsed.data as Record<string, unknown>) : undefined,
      now: () => new Date(),
      signal: new AbortController().signal,
    },
    storeCommand,
    noCredential: `${perUser ? `no OAuth client is stored as your own (principal ${operatorPrincipal}) for the per-user source "${slug}"` : `no credential is stored for "${slug}"`}; store it with \`${storeCommand}\``,
    async store(credential, { test = true } = {}) {
      if (!perUser) return service.setCredential(slug, credential, { test });
      const stored = await service.setConnection(slug, operatorPrincipal, credential);
      return test ? service.reloadSource(slug) : stored;
    },
  };
}
