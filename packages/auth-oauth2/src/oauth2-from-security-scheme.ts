import type { OpenApiSecurityScheme, SecuritySchemeMatch } from "@src/auth";

/**
 * The `api` fields an OpenAPI `oauth2` security scheme gives: the client
 * credentials flow when the document offers it (no sign-in needed), else the
 * authorization code flow, with its endpoints; the scopes it offers are named
 * in the note, none requested for the operator.
 */
export function oauth2FromSecurityScheme(
  scheme: OpenApiSecurityScheme,
  given: Readonly<Record<string, unknown>>,
): SecuritySchemeMatch | undefined {
  if (scheme.type !== "oauth2") return undefined;
  const clientCredentials = scheme.flows?.clientCredentials;
  const flow = clientCredentials ?? scheme.flows?.authorizationCode;
  if (flow === undefined) return { config: {} };
  const grant = flow === clientCredentials ? "client_credentials" : "authorization_code";
  const config = {
    grant,
    ...(flow.tokenUrl === undefined ? {} : { tokenUrl: flow.tokenUrl }),
    ...(flow.authorizationUrl === undefined ? {} : { authorizationUrl: flow.authorizationUrl }),
  };
  const requested = Array.isArray(given.scopes) && given.scopes.length > 0;
  const hint =
    flow.scopes.length === 0 || requested
      ? undefined
      : `its scopes are ${flow.scopes.join(" ")}: request those the agent needs with --scope (none is requested now)`;
  return { config, note: `OAuth 2.0, ${grant.replace("_", " ")} grant`, hint };
}
