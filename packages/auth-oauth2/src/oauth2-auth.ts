import type { AuthPluginV2 } from "@src/auth";
import { accessTokenFor, rejectAccessToken } from "./access-token";
import type { OAuth2Config } from "./oauth2-config-schema";
import { oauth2ConfigSchema } from "./oauth2-config-schema";
import type { OAuth2Credential } from "./oauth2-credential-schema";
import { oauth2CredentialSchema } from "./oauth2-credential-schema";
import { discoverOAuth2Config } from "./discovery/discover-oauth2-config";
import { oauth2FromSecurityScheme } from "./oauth2-from-security-scheme";
import { oauth2SignIn } from "./oauth2-sign-in";

/** Longest list of scopes quoted to the agent, in characters. */
const maxScopesLength = 200;

/** What the agent should know: which grant, and that only the scopes requested can succeed. */
function describeOAuth2(config: OAuth2Config): string {
  const scopes = config.scopes.join(" ");
  const quoted =
    [...scopes].length > maxScopesLength ? `${[...scopes].slice(0, maxScopesLength - 1).join("")}…` : scopes;
  return `It uses OAuth 2.0 (${config.grant.replaceAll("_", " ")} grant)${scopes === "" ? " with no scopes requested" : ` with the scopes ${quoted}`}: only what those scopes allow will succeed.`;
}

/** The `oauth2` plugin (contract v2). */
export type OAuth2AuthPlugin = AuthPluginV2<OAuth2Config, OAuth2Credential>;

/**
 * Creates the `oauth2` auth plugin: OAuth 2.0 access tokens (client credentials,
 * or authorization code with PKCE signed in by `src auth login`), sent as
 * `Authorization: Bearer <token>`; cached until shortly before they expire,
 * refreshed with the refresh token, fetched once at a time per source, and a
 * 401 from the API refreshes once and retries once.
 */
export function createOAuth2Auth(): OAuth2AuthPlugin {
  return {
    specificationVersion: "v2",
    type: "oauth2",
    description:
      "Gets an OAuth 2.0 access token from api.tokenUrl (or api.issuer's) and sends it in the Authorization header: Authorization: Bearer <access token>.",
    configSchema: oauth2ConfigSchema,
    credentialSchema: oauth2CredentialSchema,
    describe: describeOAuth2,
    signIn: oauth2SignIn,
    fromSecurityScheme: oauth2FromSecurityScheme,
    discover: discoverOAuth2Config,
    placement: () => ({ headers: ["authorization"], query: [] }),
    async authorize(request, context) {
      request.headers.set("authorization", `Bearer ${await accessTokenFor(context)}`);
    },
    rejectedStatuses: [401],
    onRejected(rejection, context) {
      const sent = /^Bearer (.+)$/.exec(rejection.request.headers.get("authorization") ?? "")?.[1];
      if (sent !== undefined) rejectAccessToken(context, sent);
      return Promise.resolve({ retry: sent !== undefined });
    },
    secretValues: (credential) =>
      [credential.clientSecret, credential.accessToken, credential.refreshToken].filter(
        (value): value is string => value !== undefined && value !== "",
      ),
    describePlacement: (config) =>
      `Authorization header (OAuth 2.0 ${config.grant.replaceAll("_", " ")} bearer token${config.scopes.length > 0 ? `, scopes ${config.scopes.join(" ")}` : ""})`,
  } satisfies OAuth2AuthPlugin;
}
