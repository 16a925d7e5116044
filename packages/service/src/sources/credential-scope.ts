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

/**
 * The key under which the vault entry records the origins of the other addresses the source's config names (an
 * OAuth token URL, issuer, device or revocation endpoint): a plugin sends the secret there too, so a credential is
 * bound to them as to the base URL.
 */
export const credentialEndpointsKey = "$endpoints";

/** Fields of `api` that hold an address but never receive a secret. */
const notSecretAddresses = new Set(["baseUrl", "openapi", "testEndpoint"]);
const originsByUrl = new Map<string, string>();

/**
 * The origins of the absolute http(s) URLs in a source's `api` fields other than the base URL (the auth mode's own
 * endpoints), sorted and joined by spaces; `""` for a source that names none.
 */
export function credentialEndpointsOf(source: SourceRecord): string {
  let origins: string[] | undefined;
  for (const [field, value] of Object.entries(source.api)) {
    if (typeof value !== "string" || notSecretAddresses.has(field) || !/^https?:\/\//i.test(value)) continue;
    let origin = originsByUrl.get(value);
    if (origin === undefined) {
      origin = URL.canParse(value) ? new URL(value).origin : value;
      if (originsByUrl.size >= maxRememberedScopes) originsByUrl.clear();
      originsByUrl.set(value, origin);
    }
    (origins ??= []).push(origin);
  }
  return origins === undefined ? "" : [...new Set(origins)].sort().join(" ");
}

/** Everything a vault entry's binding says, in one string (what a cached check compares). */
export function credentialBindingOf(source: SourceRecord): string {
  return `${credentialScopeOf(source)} ${credentialEndpointsOf(source)}`;
}

/**
 * The key under which the vault entry records the `api` field the credential's own keys come from (multi-header's
 * `api.headerNames`, as JSON) as it was when the credential was last stored or tested: a source whose status was
 * recorded with other names is reported untested (`withCurrentStatus`). Unlike the scope, it never stops the
 * credential from being sent. Inside the encrypted entry, as the scope is.
 */
export const credentialKeysKey = "$keys";

/** The `api.headerNames` (as JSON) a vault entry says it was last stored or tested with; `undefined` when it says none. */
export function boundCredentialKeysOf(entry: Readonly<Record<string, unknown>>): string | undefined {
  const keys = entry[credentialKeysKey];
  return typeof keys === "string" ? keys : undefined;
}

/**
 * The vault entry for a checked credential: its fields plus the scope and endpoints it is bound to, and `keys` (the
 * source's `credentialKeysOf`, when its mode keys the credential by an `api` list) as what it was stored with.
 */
export function bindCredential(
  credential: Record<string, unknown>,
  source: SourceRecord,
  keys?: string,
): Record<string, unknown> {
  return {
    ...credential,
    [credentialScopeKey]: credentialScopeOf(source),
    [credentialEndpointsKey]: credentialEndpointsOf(source),
    ...(keys === undefined ? {} : { [credentialKeysKey]: keys }),
  };
}

/**
 * The credential fields of a vault entry, or `undefined` when the entry is not
 * bound to the origin and base path the source has now: its `baseUrl` was
 * changed after the credential was stored (or the origin of an endpoint of its auth mode, `tokenUrl` say), or the entry carries no scope at all
 * (written directly through `@src/vault`, or before scopes existed), so nobody
 * can tell where it was meant to go. The credential is then never sent, and the
 * operator stores it again (`src credential set`), which binds it.
 */
export function unbindCredential(
  entry: Record<string, unknown>,
  source: SourceRecord,
): Record<string, unknown> | undefined {
  const {
    [credentialScopeKey]: scope,
    [credentialEndpointsKey]: endpoints,
    [credentialKeysKey]: _keys,
    ...credential
  } = entry;
  if (scope !== credentialScopeOf(source)) return undefined;
  // An entry stored before endpoints were bound carries none: it stays usable, and is bound when next stored.
  if (endpoints !== undefined && endpoints !== credentialEndpointsOf(source)) return undefined;
  return credential;
}
