import type { AnyAuthPluginV2, AuthSignIn, SignInSource } from "@src/auth";
import type { SourceService } from "@src/service";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";

/** A source whose auth mode has sign-in steps, with its parsed `api` fields and stored credential (`undefined` when none is stored). */
export interface SignInTarget {
  readonly plugin: Omit<AnyAuthPluginV2, "signIn"> & {
    readonly signIn: AuthSignIn<Record<string, unknown>, Record<string, unknown>>;
  };
  readonly source: SignInSource<Record<string, unknown>, Record<string, unknown>>;
}

/** Loads `slug` (404 when unknown) and refuses, with 409 `NO_SIGN_IN`, a source whose auth mode has no sign-in steps. */
export async function loadSignInTarget(
  service: SourceService,
  slug: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<SignInTarget> {
  const { source } = await service.getSource(slug);
  const plugin = service.registry.get(source.api.authType);
  if (plugin.signIn === undefined) {
    throw new SignInError({
      code: SERVER_ERROR_CODES.NO_SIGN_IN,
      message: `source "${slug}" uses auth type "${source.api.authType}", which has no sign-in; sign-in and its status are for auth modes that sign a person in`,
    });
  }
  const stored = await service.getCredential(slug);
  const parsed = stored === undefined ? undefined : plugin.credentialSchema.safeParse(stored);
  return {
    plugin: plugin as SignInTarget["plugin"],
    source: {
      slug,
      config: plugin.configSchema.parse(source.api) as Record<string, unknown>,
      credential: parsed?.success === true ? (parsed.data as Record<string, unknown>) : undefined,
      now: () => new Date(),
      signal,
    },
  };
}

/** The stored credential, when a person can sign in now: refuses (409 `SIGN_IN_NOT_POSSIBLE`) a source that needs no person, or whose credential is not stored yet. */
export function checkSignInPossible({ plugin, source }: SignInTarget): Record<string, unknown> {
  const unavailable = plugin.signIn.unavailable(source);
  if (unavailable?.reason === "not-needed") {
    throw new SignInError({
      code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
      message: `${unavailable.message}; POST /v1/sources/${source.slug}/reload tests it`,
    });
  }
  if (unavailable !== undefined || source.credential === undefined) {
    throw new SignInError({
      code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
      message: `${unavailable?.message ?? `no credential is stored for source "${source.slug}"`}; store it first with PUT /v1/sources/${source.slug}/credential`,
    });
  }
  return source.credential;
}
