import { credentialTextSchema, headerCredentialTextSchema } from "@src/auth";
import { z } from "zod";

/** A time in epoch milliseconds. */
const epochMillisecondsSchema = z.number({ error: "must be a time in epoch milliseconds" }).int().nonnegative();

/**
 * `{ clientId, clientSecret? }` as the operator enters it; the plugin adds
 * `accessToken`, `expiresAt` (epoch milliseconds) and `refreshToken` when the
 * authorization server issues them, and saves them through the contract.
 */
export const oauth2CredentialSchema = z.object({
  clientId: credentialTextSchema.meta({
    label: "OAuth 2.0 client id",
    secret: false,
    description: "The client id registered at the authorization server.",
    example: "my-client",
  }),
  clientSecret: credentialTextSchema.optional().meta({
    label: "OAuth 2.0 client secret",
    description: 'The client secret; none for a public client (api.clientAuth "none").',
    requiredUnless: { clientAuth: "none" },
  }),
  accessToken: headerCredentialTextSchema.optional().meta({ managed: true }),
  expiresAt: epochMillisecondsSchema.optional().meta({ managed: true }),
  refreshToken: credentialTextSchema.optional().meta({ managed: true }),
  /** The scopes the server granted, when it said. */
  grantedScopes: z.array(z.string()).optional().meta({ managed: true }),
  /**
   * When the tokens were last forgotten (`src auth logout`, epoch milliseconds): a process that still holds tokens it
   * obtained before then drops them, whichever process signed out.
   */
  signedOutAt: epochMillisecondsSchema.optional().meta({ managed: true }),
});

export type OAuth2Credential = z.infer<typeof oauth2CredentialSchema>;

/** The credential without any token, and when they were forgotten: what `src auth logout` keeps. */
export function withoutTokens(credential: OAuth2Credential, now = Date.now()): OAuth2Credential {
  const {
    accessToken: _accessToken,
    expiresAt: _expiresAt,
    refreshToken: _refreshToken,
    grantedScopes: _grantedScopes,
    ...kept
  } = credential;
  return { ...kept, signedOutAt: now };
}

/**
 * The credential after a sign-in: what the operator entered, the new tokens,
 * and the refresh token stored before when the server gave no new one (some,
 * like Google, give one only on the first consent).
 */
export function withIssuedTokens(
  credential: OAuth2Credential,
  tokens: {
    readonly accessToken: string;
    readonly expiresAt: number | undefined;
    readonly refreshToken: string | undefined;
    readonly grantedScopes: string[] | undefined;
  },
): OAuth2Credential {
  const refreshToken = tokens.refreshToken ?? credential.refreshToken;
  return {
    clientId: credential.clientId,
    ...(credential.clientSecret === undefined ? {} : { clientSecret: credential.clientSecret }),
    accessToken: tokens.accessToken,
    ...(tokens.expiresAt === undefined ? {} : { expiresAt: tokens.expiresAt }),
    ...(refreshToken === undefined ? {} : { refreshToken }),
    ...(tokens.grantedScopes === undefined ? {} : { grantedScopes: tokens.grantedScopes }),
    ...(credential.signedOutAt === undefined ? {} : { signedOutAt: credential.signedOutAt }),
  };
}
