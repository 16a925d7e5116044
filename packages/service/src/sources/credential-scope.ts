import type { SourceRecord } from "@src/config";

/**
 * The key under which the service records, inside the encrypted vault entry,
 * where a credential may be sent: the origin and base path the source had when
 * the credential was stored. Not part of any plugin's credential shape.
 */
export const credentialScopeKey = "$scope";

/** Scopes of recent base URLs; parsing a URL on every agent call is measurable. Bounded: cleared when full. */
const scopesByBaseUrl = new Map<string, string>();
const maxRememberedScopes = 1024;

/** `origin + base path` of a source, e.g. `https://api.example.com/v1`. */
export function credentialScopeOf(source: SourceRecord): string {
  const baseUrl = source.api.baseUrl;
  const known = scopesByBaseUrl.get(baseUrl);
  if (known !== undefined) return known;
  const url = new URL(baseUrl);
  const scope = `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
  if (scopesByBaseUrl.size >= maxRememberedScopes) scopesByBaseUrl.clear();
  scopesByBaseUrl.set(baseUrl, scope);
  return scope;
}

/** The vault entry for a checked credential: its fields plus the scope it is bound to. */
export function bindCredential(credential: Record<string, unknown>, source: SourceRecord): Record<string, unknown> {
  return { ...credential, [credentialScopeKey]: credentialScopeOf(source) };
}

/**
 * The credential fields of a vault entry, or `undefined` when the entry is not
 * bound to the origin and base path the source has now: its `baseUrl` was
 * changed after the credential was stored, or the entry carries no scope at all
 * (written directly through `@src/vault`, or before scopes existed), so nobody
 * can tell where it was meant to go. The credential is then never sent, and the
 * operator stores it again (`src credential set`), which binds it.
 */
export function unbindCredential(
  entry: Record<string, unknown>,
  source: SourceRecord,
): Record<string, unknown> | undefined {
  const { [credentialScopeKey]: scope, ...credential } = entry;
  if (scope !== credentialScopeOf(source)) return undefined;
  return credential;
}
