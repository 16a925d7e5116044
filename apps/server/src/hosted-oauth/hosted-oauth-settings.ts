/** How `src serve` lets hosted agents (Claude, ChatGPT, VS Code) sign in to `/mcp`. */
export interface HostedOAuthSettings {
  /** `embedded`: this server is the authorization server (consent per source); `issuer`: JWTs of the team's identity provider; `off`: static tokens only. */
  readonly mode: "embedded" | "issuer" | "off";
  /** The server's public origin (`--public-url`), without a trailing slash, e.g. `https://src.example.com`. */
  readonly publicUrl: string;
  /** The protected resource: the public URL of `/mcp`. */
  readonly resource: string;
  /** The protected resource metadata URL (RFC 9728), named in every 401 from `/mcp`. */
  readonly resourceMetadataUrl: string;
  /** The authorization server's issuer: this server's public URL, or `--oauth-issuer`. */
  readonly issuer: string;
  /** Dynamic Client Registration (RFC 7591) offered. */
  readonly dynamicRegistration: boolean;
  /** Client ID Metadata Documents may be on loopback and private addresses (development and tests). */
  readonly allowLoopbackClients: boolean;
  /** Lifetime of an access token, in seconds. */
  readonly accessTokenTtlSeconds: number;
  /** Lifetime of an authorization code, in seconds. */
  readonly codeTtlSeconds: number;
  /** How long a sign-in may wait on the consent page, in seconds. */
  readonly consentTtlSeconds: number;
}

/** The defaults of the lifetimes. */
export const hostedOAuthDefaults = { accessTokenTtlSeconds: 3600, codeTtlSeconds: 60, consentTtlSeconds: 600 } as const;

/** The settings for a public URL (an origin) and the options. */
export function hostedOAuthSettings(
  publicUrl: string,
  options: {
    mode: HostedOAuthSettings["mode"];
    issuer?: string | undefined;
    dynamicRegistration?: boolean;
    allowLoopbackClients?: boolean;
    accessTokenTtlSeconds?: number | undefined;
    codeTtlSeconds?: number | undefined;
  },
): HostedOAuthSettings {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    mode: options.mode,
    publicUrl: base,
    resource: `${base}/mcp`,
    resourceMetadataUrl: `${base}/.well-known/oauth-protected-resource/mcp`,
    issuer: options.mode === "issuer" && options.issuer !== undefined ? options.issuer : base,
    dynamicRegistration: options.dynamicRegistration ?? true,
    allowLoopbackClients: options.allowLoopbackClients ?? false,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? hostedOAuthDefaults.accessTokenTtlSeconds,
    codeTtlSeconds: options.codeTtlSeconds ?? hostedOAuthDefaults.codeTtlSeconds,
    consentTtlSeconds: hostedOAuthDefaults.consentTtlSeconds,
  };
}

/** The scope of one source: `src:SLUG` (read and write) or `src:SLUG:read`. */
export const sourceScope = (slug: string, readOnly: boolean): string => `src:${slug}${readOnly ? ":read" : ""}`;

/** The sources a list of scopes names: `src:SLUG` and `src:SLUG:read` (read-only unless the read-write one is there too). */
export function sourcesOfScopes(scopes: readonly string[]): { sources: string[]; readOnlySources: string[] } {
  const readWrite = new Set<string>();
  const read = new Set<string>();
  for (const scope of scopes) {
    const match = /^src:([a-z0-9][a-z0-9-]{0,62})(:read)?$/.exec(scope);
    if (match === null) continue;
    (match[2] === undefined ? readWrite : read).add(match[1]!);
  }
  const sources = [...new Set([...readWrite, ...read])].sort();
  return { sources, readOnlySources: sources.filter((slug) => !readWrite.has(slug)) };
}
