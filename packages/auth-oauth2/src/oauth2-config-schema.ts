import { z } from "zod";
import { endpointUrlSchema } from "./endpoint-url-schema";

/** The OAuth 2.0 grants the plugin runs. */
export const OAUTH2_GRANTS = ["client_credentials", "authorization_code", "device_code"] as const;
export type OAuth2Grant = (typeof OAUTH2_GRANTS)[number];

/** The grants that need a person to sign in (`src auth login`). */
export const personGrants: ReadonlySet<OAuth2Grant> = new Set(["authorization_code", "device_code"]);

/** The grant type URIs of RFC 8414 `grant_types_supported`, by the `api.grant` value. */
export const grantTypeUri: Readonly<Record<OAuth2Grant, string>> = {
  client_credentials: "client_credentials",
  authorization_code: "authorization_code",
  device_code: "urn:ietf:params:oauth:grant-type:device_code",
};

/** How the client authenticates at the token endpoint. */
export const OAUTH2_CLIENT_AUTH_METHODS = ["client_secret_basic", "client_secret_post", "none"] as const;
export type OAuth2ClientAuthMethod = (typeof OAUTH2_CLIENT_AUTH_METHODS)[number];

/** Authorization request parameters src sets itself: `api.authorizationParams` may not replace them. */
export const reservedAuthorizationParams: ReadonlySet<string> = new Set([
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "code_challenge",
  "code_challenge_method",
  "scope",
  "audience",
  "resource",
  "client_secret",
]);

const scopeSchema = z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, {
  error: "each scope must be printable ASCII without spaces, quotes or backslashes (RFC 6749 scope-token)",
});

const authorizationParamsSchema = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, { error: "each parameter name must be 1 to 64 letters, digits, _ . : or -" }),
    z.string({ error: "each value must be a string" }).max(512, { error: "each value must be at most 512 characters" }),
    {
      error:
        'must be an object of parameter names and string values, e.g. {"access_type":"offline","prompt":"consent"}',
    },
  )
  .superRefine((params, context) => {
    for (const name of Object.keys(params)) {
      if (reservedAuthorizationParams.has(name)) {
        context.addIssue({
          code: "custom",
          path: [name],
          message: `"${name}" is set by src itself (${name === "scope" ? "use api.scopes" : name === "audience" || name === "resource" ? `use api.${name}` : "the sign-in sets it"}); leave it out of api.authorizationParams`,
        });
      }
    }
  });

/** The `api` fields of `authType: "oauth2"`. */
export const oauth2ConfigSchema = z
  .object({
    issuer: endpointUrlSchema("issuer", "").optional().meta({
      label: "Issuer",
      example: "https://accounts.example.com",
      description:
        'The authorization server\'s issuer (authType "oauth2"): `src source add` discovers the endpoints from its metadata (RFC 8414 or OpenID Connect discovery); ID tokens in token responses are checked against it.',
    }),
    tokenUrl: endpointUrlSchema("tokenUrl", 'when api.authType is "oauth2"').optional().meta({
      label: "Token URL",
      example: "https://auth.example.com/oauth/token",
      description:
        'OAuth 2.0 token endpoint (authType "oauth2"); https:, or http: on a loopback address. Discovered from api.issuer when not given.',
    }),
    authorizationUrl: endpointUrlSchema("authorizationUrl", 'when api.grant is "authorization_code"').optional().meta({
      label: "Authorization URL",
      example: "https://auth.example.com/oauth/authorize",
      description: 'OAuth 2.0 authorization endpoint, for the authorization_code grant (authType "oauth2").',
    }),
    deviceAuthorizationUrl: endpointUrlSchema("deviceAuthorizationUrl", 'when api.grant is "device_code"')
      .optional()
      .meta({
        label: "Device authorization URL",
        example: "https://auth.example.com/oauth/device/code",
        description: 'RFC 8628 device authorization endpoint, for the device_code grant (authType "oauth2").',
      }),
    revocationUrl: endpointUrlSchema("revocationUrl", "").optional().meta({
      label: "Revocation URL",
      example: "https://auth.example.com/oauth/revoke",
      description:
        'RFC 7009 revocation endpoint: `src auth logout` revokes the refresh token there (authType "oauth2").',
    }),
    grant: z
      .enum(OAUTH2_GRANTS, { error: 'must be "client_credentials", "authorization_code" or "device_code"' })
      .default("client_credentials")
      .meta({
        label: "Grant",
        description:
          'OAuth 2.0 grant (authType "oauth2"): client_credentials (default), authorization_code (with PKCE, signed in with `src auth login` in a browser) or device_code (RFC 8628: a code typed on another device; for machines without a browser).',
      }),
    scopes: z
      .array(scopeSchema, { error: 'must be an array of scope strings, e.g. ["read:items"]' })
      .default([])
      .meta({ label: "Scopes", example: ["read:items"], description: 'Scopes requested (authType "oauth2").' }),
    audience: z.string({ error: "must be a string" }).min(1, { error: "must not be empty" }).optional().meta({
      label: "Audience",
      description: 'The `audience` token parameter some servers (Auth0) need (authType "oauth2").',
    }),
    resource: z
      .string({ error: "must be a string" })
      .url({ error: "must be an absolute URL (RFC 8707 resource indicator)" })
      .optional()
      .meta({ label: "Resource", description: 'RFC 8707 resource indicator (authType "oauth2").' }),
    clientAuth: z
      .enum(OAUTH2_CLIENT_AUTH_METHODS, { error: 'must be "client_secret_basic", "client_secret_post" or "none"' })
      .default("client_secret_basic")
      .meta({
        label: "Client authentication",
        description:
          'How the client authenticates at the token endpoint (authType "oauth2"): client_secret_basic (default), client_secret_post, or none for public clients.',
      }),
    authorizationParams: authorizationParamsSchema.optional().meta({
      label: "Authorization parameters",
      example: { access_type: "offline", prompt: "consent" },
      description:
        'Extra parameters of the authorization request some providers need, e.g. Google\'s access_type=offline and prompt=consent for a refresh token (authType "oauth2").',
    }),
    grantsSupported: z.array(z.string()).optional().meta({
      label: "Grants supported",
      description: 'The grant types the authorization server advertises (filled in by discovery; authType "oauth2").',
    }),
  })
  .superRefine((config, context) => {
    if (config.tokenUrl === undefined && config.issuer === undefined) {
      context.addIssue({
        code: "custom",
        path: ["tokenUrl"],
        message: 'required when api.authType is "oauth2": give the token endpoint URL, or api.issuer to discover it',
      });
    }
    if (config.grant === "authorization_code" && config.authorizationUrl === undefined && config.issuer === undefined) {
      context.addIssue({
        code: "custom",
        path: ["authorizationUrl"],
        message:
          'required when api.grant is "authorization_code"; give the authorization endpoint URL (or api.issuer to discover it)',
      });
    }
    if (config.grant === "device_code" && config.deviceAuthorizationUrl === undefined && config.issuer === undefined) {
      context.addIssue({
        code: "custom",
        path: ["deviceAuthorizationUrl"],
        message:
          'required when api.grant is "device_code"; give the device authorization endpoint URL (or api.issuer to discover it)',
      });
    }
    if (config.clientAuth === "none" && config.grant === "client_credentials") {
      context.addIssue({
        code: "custom",
        path: ["clientAuth"],
        message:
          'a public client ("none") cannot use the client_credentials grant (RFC 6749 4.4); use grant "authorization_code" or "device_code", or a client secret',
      });
    }
  });

export type OAuth2Config = z.output<typeof oauth2ConfigSchema>;
