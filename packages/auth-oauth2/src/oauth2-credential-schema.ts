import { credentialTextSchema, headerCredentialTextSchema } from "@src/auth";
import { z } from "zod";

/**
 * `{ clientId, clientSecret? }` as the operator enters it; the plugin adds
 * `accessToken`, `expiresAt` (epoch milliseconds) and `refreshToken` when the
 * authorization server issues them, and saves them through the contract.
 */
export const oauth2CredentialSchema = z.object({
  clientId: credentialTextSchema,
  clientSecret: credentialTextSchema.optional(),
  accessToken: headerCredentialTextSchema.optional(),
  expiresAt: z.number({ error: "must be a time in epoch milliseconds" }).int().nonnegative().optional(),
  refreshToken: credentialTextSchema.optional(),
  /** The scopes the server granted, when it said. */
  grantedScopes: z.array(z.string()).optional(),
});

export type OAuth2Credential = z.infer<typeof oauth2CredentialSchema>;

/** The credential without any token: what `src auth logout` keeps. */
export function withoutTokens(credential: OAuth2Credential): OAuth2Credential {
  const { accessToken: _accessToken, expiresAt: _expiresAt, refreshToken: _refreshToken, grantedScopes: _grantedScopes, ...kept } = credential;
  return kept;
}
