/** One OAuth 2.0 flow of an OpenAPI security scheme: its endpoints (absolute) and its scope names. */
export interface OpenApiOAuthFlow {
  readonly tokenUrl?: string | undefined;
  readonly authorizationUrl?: string | undefined;
  readonly scopes: readonly string[];
}

/** An OpenAPI security scheme (3.x `components.securitySchemes`, Swagger 2.0 `securityDefinitions`), as `@src/openapi` reads it. */
export interface OpenApiSecurityScheme {
  /** `http`, `apiKey`, `oauth2`, `openIdConnect`, … */
  readonly type: string;
  /** For `http`: `bearer`, `basic`, `digest`, … (any case). */
  readonly scheme?: string | undefined;
  /** For `apiKey`: `header`, `query` or `cookie`. */
  readonly in?: string | undefined;
  /** For `apiKey`: the header or query parameter name. */
  readonly name?: string | undefined;
  /** For `oauth2`: the client credentials and authorization code flows. */
  readonly flows?:
    | {
        readonly clientCredentials?: OpenApiOAuthFlow | undefined;
        readonly authorizationCode?: OpenApiOAuthFlow | undefined;
      }
    | undefined;
}

/** What a plugin takes from a security scheme it fits: its `api` fields, and a note for the operator. */
export interface SecuritySchemeMatch {
  /** The `api` fields the scheme gives (e.g. `{ headerName: "X-Api-Key" }`); fields the operator gave win. */
  readonly config: Readonly<Record<string, unknown>>;
  /** One phrase on what was taken, e.g. "OAuth 2.0, client credentials grant"; never a secret. */
  readonly note?: string | undefined;
  /** What the operator may still want to do, e.g. "its scopes are read write: request those the agent needs with --scope". */
  readonly hint?: string | undefined;
}
