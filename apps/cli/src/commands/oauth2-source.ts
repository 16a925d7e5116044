import type { OAuth2Config, OAuth2Credential } from "@src/auth-oauth2";
import type { SourceRecord } from "@src/config";
import type { SourceService } from "@src/service";
import { UsageError } from "../errors/usage-error";

/** An oauth2 source with its parsed config and stored credential, for `src auth …`. */
export interface OAuth2Source {
  readonly source: SourceRecord;
  readonly config: OAuth2Config;
  readonly credential: OAuth2Credential | undefined;
}

/** Loads `slug` and refuses a source that is not `oauth2`, saying what `src auth` is for. */
export async function loadOAuth2Source(service: SourceService, slug: string, command: string): Promise<OAuth2Source> {
  const { oauth2ConfigSchema, oauth2CredentialSchema } = await import("@src/auth-oauth2");
  const { source } = await service.getSource(slug);
  if (source.api.authType !== "oauth2") {
    throw new UsageError({ message: `${command}: source "${slug}" uses auth type "${source.api.authType}"; \`src auth\` is for sources with --auth oauth2` });
  }
  const stored = await service.getCredential(slug);
  const parsed = stored === undefined ? undefined : oauth2CredentialSchema.safeParse(stored);
  return { source, config: oauth2ConfigSchema.parse(source.api), credential: parsed?.success === true ? parsed.data : undefined };
}
