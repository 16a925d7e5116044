import { describeAuthFields, type SignInStart } from "@src/auth";
import type { SourceService } from "@src/service";
import { localPrincipal } from "@src/service";
import type { SignInTarget } from "../sign-in/load-sign-in-source";

/** Whether a person can connect a per-user source by signing in at its upstream (its auth mode's sign-in steps). */
export type ConnectSignIn =
  /** The auth mode signs a person in, and the operator's OAuth client is stored: the page offers "Sign in to …". */
  | {
      readonly available: true;
      readonly target: SignInTarget & { readonly source: { readonly credential: Record<string, unknown> } };
    }
  /** The auth mode signs a person in, but not now (no OAuth client stored yet): `message` says what the operator does. */
  | { readonly available: false; readonly message: string };

/**
 * The upstream sign-in of a per-user source for a connect link, or `undefined` when its auth mode has no sign-in
 * steps or needs no person (a key is pasted instead). It starts from the OAuth client the operator stored as their own
 * connection (principal `local`: `src source add … --credentials per-user` with the client id and secret), without
 * any token of theirs: the fields the operator enters, never the ones a sign-in adds. The person's tokens are then
 * stored as the person's own connection, never the operator's.
 */
export async function connectSignInOf(
  service: SourceService,
  slug: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<ConnectSignIn | undefined> {
  const { source } = await service.getSource(slug);
  const plugin = service.registry.get(source.api.authType);
  if (plugin.signIn === undefined) return undefined;
  const config = plugin.configSchema.parse(source.api) as Record<string, unknown>;
  const operatorFields = new Set(describeAuthFields(plugin, source.api).credential.map((field) => field.name));
  const stored = await service.getConnection(slug, localPrincipal);
  const client =
    stored === undefined
      ? undefined
      : Object.fromEntries(Object.entries(stored).filter(([name]) => operatorFields.has(name)));
  const parsed = client === undefined ? undefined : plugin.credentialSchema.safeParse(client);
  const credential = parsed?.success === true ? (parsed.data as Record<string, unknown>) : undefined;
  const signInSource = { slug, config, credential, now: () => new Date(), signal };
  const steps = plugin.signIn as SignInTarget["plugin"]["signIn"];
  const unavailable = steps.unavailable(signInSource);
  if (unavailable?.reason === "not-needed") return undefined;
  if (unavailable !== undefined || credential === undefined)
    return {
      available: false,
      message: `Signing in to this source is not set up yet: the operator stores its OAuth client first (src credential set ${slug} --principal ${localPrincipal}).`,
    };
  return {
    available: true,
    target: { plugin: plugin as SignInTarget["plugin"], source: { ...signInSource, credential } },
  };
}

/**
 * What a connect sign-in keeps, sealed with the plugin's own pending data: which link, for whom, and (for a sign-in
 * that comes back by redirect) the SHA-256 of the key of the browser that started it.
 */
interface ConnectPending {
  readonly srcConnectLink: { readonly token: string; readonly principal: string; readonly browser?: string };
  readonly plugin: unknown;
}

/** The plugin's start with the connect link's token and principal added (sealed with the rest of the sign-in). */
export function withConnectLink(start: SignInStart, token: string, principal: string, browser?: string): SignInStart {
  const pending: ConnectPending = {
    srcConnectLink: { token, principal, ...(browser === undefined ? {} : { browser }) },
    plugin: start.pending,
  };
  return { ...start, pending };
}

/** A claimed sign-in's link and the plugin's own start, when it was started from a connect page; `undefined` otherwise. */
export function connectLinkOfStart(start: SignInStart):
  | {
      readonly token: string;
      readonly principal: string;
      /** The SHA-256 of the starting browser's key, for a sign-in that comes back by redirect. */
      readonly browser: string | undefined;
      readonly start: SignInStart;
    }
  | undefined {
  const pending = start.pending as Partial<ConnectPending> | null | undefined;
  const link = typeof pending === "object" && pending !== null ? pending.srcConnectLink : undefined;
  if (link === undefined || typeof link.token !== "string" || typeof link.principal !== "string") return undefined;
  return {
    token: link.token,
    principal: link.principal,
    browser: typeof link.browser === "string" ? link.browser : undefined,
    start: { ...start, pending: pending!.plugin },
  };
}
