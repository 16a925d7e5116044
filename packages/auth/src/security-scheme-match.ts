import type { OpenApiSecurityScheme, SecuritySchemeMatch } from "./security-scheme";

/**
 * For `fromSecurityScheme`: an `apiKey` scheme sent in `location` gives its
 * name as the `api` field `field` (`{ config: { headerName: "X-Api-Key" } }`);
 * any other scheme, `undefined`.
 */
export function apiKeySchemeMatch(
  scheme: OpenApiSecurityScheme,
  location: "header" | "query",
  field: string,
): SecuritySchemeMatch | undefined {
  if (scheme.type !== "apiKey" || scheme.in !== location || scheme.name === undefined) return undefined;
  return { config: { [field]: scheme.name } };
}

/**
 * For `fromSecurityScheme` of a mode with no `api` fields: an `http` scheme
 * named `httpScheme` (any case: `bearer`, `basic`, `digest`) gives
 * `{ config: {} }`; any other scheme, `undefined`.
 */
export function httpSchemeMatch(scheme: OpenApiSecurityScheme, httpScheme: string): SecuritySchemeMatch | undefined {
  return scheme.type === "http" && scheme.scheme?.toLowerCase() === httpScheme ? { config: {} } : undefined;
}
