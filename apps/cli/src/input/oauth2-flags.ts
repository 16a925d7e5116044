import type { Command } from "commander";

/** The `--auth oauth2` flags of `src source add` (the client secret is never a flag). */
export interface OAuth2Flags {
  tokenUrl?: string;
  authorizationUrl?: string;
  grant?: string;
  scope?: string[];
  audience?: string;
  clientAuth?: string;
  clientId?: string;
}

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Adds the OAuth 2.0 options to `command`. */
export function registerOAuth2Options(command: Command): void {
  command
    .option("--token-url <url>", "OAuth 2.0 token endpoint (--auth oauth2); https:, or http: on loopback")
    .option("--authorization-url <url>", "OAuth 2.0 authorization endpoint (--grant authorization_code)")
    .option("--grant <grant>", "OAuth 2.0 grant: client_credentials (default) or authorization_code (then run `src auth login SLUG`)")
    .option("--scope <scope>", "an OAuth 2.0 scope to request; repeat it", collect)
    .option("--audience <audience>", "the OAuth 2.0 audience parameter some servers need")
    .option("--client-auth <method>", "client authentication: client_secret_basic (default), client_secret_post or none")
    .option("--client-id <id>", "OAuth 2.0 client id (--auth oauth2); the client secret is read from stdin or a hidden prompt");
}

/** The `api` fields the flags give (only those given; the plugin's schema checks them and fills defaults). */
export function oauth2ApiFields(flags: OAuth2Flags): Record<string, unknown> {
  const api: Record<string, unknown> = {};
  if (flags.tokenUrl !== undefined) api.tokenUrl = flags.tokenUrl;
  if (flags.authorizationUrl !== undefined) api.authorizationUrl = flags.authorizationUrl;
  if (flags.grant !== undefined) api.grant = flags.grant;
  if (flags.scope !== undefined) api.scopes = flags.scope;
  if (flags.audience !== undefined) api.audience = flags.audience;
  if (flags.clientAuth !== undefined) api.clientAuth = flags.clientAuth;
  return api;
}
