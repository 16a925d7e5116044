import { z } from "zod";
import { endpointUrlSchema } from "./endpoint-url-schema";

/** The OAuth 2.0 grants the plugin runs. */
export const OAUTH2_GRANTS = ["client_credentials", "authorization_code"] as const;
export type OAuth2Grant = (typeof OAUTH2_GRANTS)[number];

/** How the client authenticates at the token endpoint. */
export const OAUTH2_CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
export type OAuth2ClientAuthMethod = (typeof OAUTH2_CLIENT_AUTH_METHODS)[number];

const scopeSchema = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, { error: "each scope must be printable ASCII without spaces, quotes or backslashes (RFC 6749 scope-token)" });

/** The `api` fields of `authType: "oauth2"`. */
export const oauth2ConfigSchema = z
  .object({
    tokenUrl: endpointUrlSchema("tokenUrl", 'when api.authType is "oauth2"').meta({ label: "Token URL", example: "https://auth.example.com/oauth/token", description: 'OAuth 2.0 token endpoint (authType "oauth2"); https:, or http: on a loopback address.' }),
    authorizationUrl: endpointUrlSchema("authorizationUrl", 'when api.grant is "authorization_code"')
      .optional()
      .meta({ label: "Authorization URL", example: "https://auth.example.com/oauth/authorize", description: 'OAuth 2.0 authorization endpoint, for the authorization_code grant (authType "oauth2").' }),
    grant: z
      .enum(OAUTH2_GRANTS, { error: 'must be "client_credentials" or "authorization_code"' })
      .default("client_credentials")
      .meta({ label: "Grant", description: 'OAuth 2.0 grant (authType "oauth2"): client_credentials (default) or authorization_code (with PKCE, signed in with `src auth login`).' }),
    scopes: z.array(scopeSchema, { error: 'must be an array of scope strings, e.g. ["read:items"]' }).default([]).meta({ label: "Scopes", example: ["read:items"], description: 'Scopes requested (authType "oauth2").' }),
    audience: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).optional().meta({ label: "Audience", description: 'The `audience` token parameter some servers (Auth0) need (authType "oauth2").' }),
    resource: z.string({ error: "must be a string" }).url({ error: "must be an absolute URL (RFC 8707 resource indicator)" }).optional().meta({ label: "Resource", description: 'RFC 8707 resource indicator (authType "oauth2").' }),
    clientAuth: z
      .enum(OAUTH2_CLIENT_AUTH_METHODS, { error: 'must be "client_secret_basic", "client_secret_post" or "none"' })
      .default("client_secret_basic")
      .meta({ label: "Client authentication", description: 'How the client authenticates at the token endpoint (authType "oauth2"): client_secret_basic (default), client_secret_post, or none for public clients.' }),
  })
  .superRefine((config, context) => {
    if (config.grant === "authorization_code" && config.authorizationUrl === undefined) {
      context.addIssue({ code: "custom", path: ["authorizationUrl"], message: 'required when api.grant is "authorization_code"; give the authorization endpoint URL' });
    }
    if (config.clientAuth === "none" && config.grant === "client_credentials") {
      context.addIssue({ code: "custom", path: ["clientAuth"], message: 'a public client ("none") cannot use the client_credentials grant (RFC 6749 4.4); use grant "authorization_code", or a client secret' });
    }
  });

export type OAuth2Config = z.output<typeof oauth2ConfigSchema>;
