import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { AgentAccessStore } from "@src/config";
import type { Logger } from "pino";
import { isMetadataDocumentClientId, type ClientMetadataDocuments } from "./client-metadata-documents";
import type { HostedOAuthSettings } from "./hosted-oauth-settings";

const iso = (ms: number): string => new Date(ms).toISOString();

/** The host of a URL, or the text itself when it is none (a registered client's id). */
export function hostOf(value: string): string {
  try {
    return new URL(value).host || value;
  } catch {
    return value;
  }
}

/** Redirect URIs a registered client may have: https, http on loopback only, or a private-use scheme of a native app (RFC 8252 7.1). */
function problemOfRedirectUri(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `redirect_uris: ${JSON.stringify(uri.slice(0, 200))} is not a URL`;
  }
  if (url.hash !== "") return `redirect_uris: ${JSON.stringify(uri.slice(0, 200))} has a fragment`;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:")
    return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)
      ? undefined
      : `redirect_uris: ${JSON.stringify(uri.slice(0, 200))}: http is allowed on loopback only (127.0.0.1, [::1], localhost); use https`;
  if (["javascript:", "data:", "file:", "vbscript:", "about:", "blob:"].includes(url.protocol))
    return `redirect_uris: ${JSON.stringify(uri.slice(0, 200))}: the scheme ${url.protocol} is not a redirect`;
  return undefined;
}

/**
 * The clients the embedded authorization server knows: a client id that is a URL is resolved as its metadata
 * document; others are the clients registered (dynamic registration, when on: public clients only, redirect URIs checked).
 */
export function createOAuthClientsStore({
  settings,
  access,
  documents,
  logger,
  now,
}: {
  settings: HostedOAuthSettings;
  access: AgentAccessStore;
  documents: ClientMetadataDocuments;
  logger: Logger;
  now: () => number;
}): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      if (isMetadataDocumentClientId(clientId)) {
        try {
          return await documents.resolve(clientId);
        } catch (error) {
          logger.warn(
            {
              event: "oauth_client_document_refused",
              clientIdHost: hostOf(clientId),
              errorMessage: (error as Error).message,
            },
            "client metadata document refused",
          );
          return undefined;
        }
      }
      const stored = await access.findClient(clientId);
      return stored === undefined
        ? undefined
        : ({ ...stored.metadata, client_id: stored.clientId } as OAuthClientInformationFull);
    },
    ...(settings.dynamicRegistration
      ? {
          async registerClient(client: Omit<OAuthClientInformationFull, "client_id" | "client_id_issued_at">) {
            for (const uri of client.redirect_uris) {
              const problem = problemOfRedirectUri(uri);
              if (problem !== undefined) throw new InvalidClientMetadataError(problem);
            }
            // Public clients only (PKCE): a secret the SDK generated is dropped, never stored.
            const {
              client_secret: _secret,
              client_secret_expires_at: _expires,
              ...metadata
            } = client as OAuthClientInformationFull;
            const registered = { ...metadata, token_endpoint_auth_method: "none" } as OAuthClientInformationFull;
            await access.addClient({ clientId: registered.client_id, metadata: registered, createdAt: iso(now()) });
            logger.info(
              {
                event: "oauth_client_registered",
                clientName: registered.client_name ?? null,
                redirectHosts: registered.redirect_uris.map(hostOf),
              },
              "OAuth client registered",
            );
            return registered;
          },
        }
      : {}),
  };
}
