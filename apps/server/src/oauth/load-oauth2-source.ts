import { oauth2ConfigSchema, oauth2CredentialSchema, type OAuth2Config, type OAuth2Credential } from "@src/auth-oauth2";
import type { SourceService } from "@src/service";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { SignInError } from "../errors/sign-in-error";

/** An `oauth2` source's parsed `api` fields and stored credential (`undefined` when none is stored). */
export interface OAuth2Source {
  readonly config: OAuth2Config;
  readonly credential: OAuth2Credential | undefined;
}

/** Loads `slug` (404 when unknown) and refuses, with 409 `NOT_OAUTH2_SOURCE`, a source whose auth type is not `oauth2`. */
export async function loadOAuth2Source(service: SourceService, slug: string): Promise<OAuth2Source> {
  const { source } = await service.getSource(slug);
  if (source.api.authType !== "oauth2") {
    throw new SignInError({
      code: SERVER_ERROR_CODES.NOT_OAUTH2_SOURCE,
      message: `source "${slug}" uses auth type "${source.api.authType}"; sign-in and its status are for sources with api.authType "oauth2"`,
    });
  }
  const stored = await service.getCredential(slug);
  const parsed = stored === undefined ? undefined : oauth2CredentialSchema.safeParse(stored);
  return { config: oauth2ConfigSchema.parse(source.api), credential: parsed?.success === true ? parsed.data : undefined };
}

/** Refuses a sign-in the source cannot take: the client credentials grant needs no person, and without a client id there is no one to sign in as. */
export function checkSignInPossible(slug: string, { config, credential }: OAuth2Source): OAuth2Credential {
  if (config.grant !== "authorization_code") {
    throw new SignInError({
      code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
      message: `source "${slug}" uses the client_credentials grant, which needs no sign-in; POST /v1/sources/${slug}/reload tests it`,
    });
  }
  if (credential === undefined) {
    throw new SignInError({
      code: SERVER_ERROR_CODES.SIGN_IN_NOT_POSSIBLE,
      message: `no client id is stored for source "${slug}"; store it first with PUT /v1/sources/${slug}/credential {"clientId", "clientSecret"?}`,
    });
  }
  return credential;
}
