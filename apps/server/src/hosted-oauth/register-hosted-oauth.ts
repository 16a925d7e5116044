import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AgentAccessStore } from "@src/config";
import type { Logger } from "pino";
import type { ProtectedResource } from "../agent-tokens/authorize-caller";
import type { ConsoleAssets } from "../console/console-assets";
import { consoleSecurityHeaders } from "../console/console-security-headers";
import { createClientMetadataDocuments } from "./client-metadata-documents";
import { createEmbeddedAuthorizationServer } from "./embedded-authorization-server";
import { registerOAuthProtocolRoutes } from "./oauth-protocol-routes";

const consoleNotBuilt =
  "the console is not built into this server, so the consent page cannot be shown; build it with npx -y pnpm@10 build";

/**
 * Registers the OAuth protocol routes of hosted OAuth (metadata, and the embedded authorization server's endpoints
 * when it is the embedded one), whose consent page is the console's, at the authorization endpoint, with the console's headers.
 */
export function registerHostedOAuth(
  app: OpenAPIHono,
  {
    resource,
    access,
    logger,
    consoleAssets,
  }: {
    resource: ProtectedResource;
    access: AgentAccessStore;
    logger: Logger;
    consoleAssets: ConsoleAssets | undefined;
  },
): void {
  const oauth = resource.settings;
  const provider =
    oauth.mode !== "embedded"
      ? undefined
      : createEmbeddedAuthorizationServer({
          settings: oauth,
          access,
          documents: createClientMetadataDocuments({ allowLoopback: oauth.allowLoopbackClients }),
          logger,
          consentPage: (response) => {
            const page = consoleAssets?.get("/");
            response.status(page === undefined ? 503 : 200).set({
              ...consoleSecurityHeaders,
              "content-type": page?.contentType ?? "text/plain; charset=utf-8",
              "cache-control": "no-store",
            });
            response.end(page === undefined ? consoleNotBuilt : Buffer.from(page.body));
          },
        });
  registerOAuthProtocolRoutes(app, { settings: oauth, provider, scopes: () => resource.scopes(), logger });
}
