import type { z } from "zod";
import type { AuthorizeRequest, AuthPlacement, AuthPluginV2 } from "./auth-plugin-v2";
import type { OpenApiSecurityScheme, SecuritySchemeMatch } from "./security-scheme";
import { apiKeySchemeMatch, httpSchemeMatch } from "./security-scheme-match";

/**
 * Where a mode with one secret sends it, for any of its configs: the place it
 * declares, how it puts the secret there, the OpenAPI security scheme it
 * serves, and the place as messages name it.
 */
export interface SecretDestination<TConfig> {
  readonly placement: (config: TConfig) => AuthPlacement;
  /** Sets the secret on one attempt (set, never append: it runs again on a retry or a redirect). */
  readonly send: (request: AuthorizeRequest, secret: string, config: TConfig) => void;
  readonly fromSecurityScheme?: (scheme: OpenApiSecurityScheme) => SecuritySchemeMatch | undefined;
  readonly describePlacement: (config: TConfig) => string;
}

/** `Authorization: <scheme> <secret>` (`Bearer`, `Basic`), for an OpenAPI `http` scheme of that name. */
export function authorizationHeader(scheme: string): SecretDestination<unknown> {
  return {
    placement: () => ({ headers: ["authorization"], query: [] }),
    send: (request, secret) => request.headers.set("authorization", `${scheme} ${secret}`),
    fromSecurityScheme: (securityScheme) => httpSchemeMatch(securityScheme, scheme.toLowerCase()),
    describePlacement: () => `Authorization header (${scheme} scheme)`,
  };
}

/** `<name>: <secret>`, the header named by the `api` field `field`, for an OpenAPI `apiKey` scheme in a header. */
export function headerNamedBy<TField extends string>(field: TField): SecretDestination<Record<TField, string>> {
  return {
    placement: (config) => ({ headers: [config[field].toLowerCase()], query: [] }),
    send: (request, secret, config) => request.headers.set(config[field], secret),
    fromSecurityScheme: (scheme) => apiKeySchemeMatch(scheme, "header", field),
    describePlacement: (config) => `header "${config[field]}"`,
  };
}

/** What `oneSecretAuthPlugin` needs: the mode's name and schemas, its secret, and where it goes. */
export interface OneSecretAuthOptions<
  TConfig extends Record<string, unknown>,
  TCredential extends Record<string, unknown>,
> {
  readonly type: string;
  readonly description: string;
  readonly configSchema: z.ZodType<TConfig>;
  readonly credentialSchema: z.ZodType<TCredential>;
  /** The secret as it is sent, from the stored credential. */
  readonly secret: (credential: TCredential) => string;
  readonly sendTo: SecretDestination<NoInfer<TConfig>>;
  /** Every value to redact; by default the secret alone. */
  readonly secretValues?: (credential: TCredential) => string[];
}

/**
 * The plugin of a mode that puts one secret in one place on every attempt
 * (bearer, header, query, basic): `authorize` sends `secret(credential)` to
 * `sendTo`, and `secretValues` is that secret unless the options say more.
 */
export function oneSecretAuthPlugin<
  TConfig extends Record<string, unknown>,
  TCredential extends Record<string, unknown>,
>(options: OneSecretAuthOptions<TConfig, TCredential>): AuthPluginV2<TConfig, TCredential> {
  const { sendTo, secret } = options;
  return {
    specificationVersion: "v2",
    type: options.type,
    description: options.description,
    configSchema: options.configSchema,
    credentialSchema: options.credentialSchema,
    placement: (config) => sendTo.placement(config),
    ...(sendTo.fromSecurityScheme === undefined ? {} : { fromSecurityScheme: sendTo.fromSecurityScheme }),
    authorize(request, { config, credential }) {
      sendTo.send(request, secret(credential), config);
      return Promise.resolve();
    },
    secretValues: options.secretValues ?? ((credential) => [secret(credential)]),
    describePlacement: (config) => sendTo.describePlacement(config),
  };
}
