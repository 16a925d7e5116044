import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import { schemaIssueSentences } from "./schema-issue-sentences";
import type { OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Context } from "hono";
import type { ServerHono } from "../app-context";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import type { Logger } from "pino";
import { authorizationErrorRedirects, clientParameterErrors } from "./authorization-response";
import { oauthEndpointErrors } from "./oauth-endpoint-errors";
import type { HostedOAuthSettings } from "./hosted-oauth-settings";

/**
 * The platform's `Response`, as it is when this module loads: `@hono/node-server` puts a lighter one of its own in its
 * place once it serves, and answers that one from a cache that skips its `x-hono-already-sent` check, so a request
 * Express already answered was written again ("ERR_HTTP_HEADERS_SENT" on standard error, after every OAuth answer).
 */
const NativeResponse = globalThis.Response;

/** The paths of the embedded authorization server's endpoints (as the MCP SDK's router names them). */
export const oauthEndpointPaths = {
  authorize: "/authorize",
  token: "/token",
  register: "/register",
  revoke: "/revoke",
} as const;

/** The open paths of OAuth: metadata and the authorization server's endpoints (no admin token; any browser origin for all but `/authorize`). */
export const oauthPublicPaths: ReadonlySet<string> = new Set([
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/mcp",
  "/.well-known/oauth-authorization-server",
  oauthEndpointPaths.authorize,
  oauthEndpointPaths.token,
  oauthEndpointPaths.register,
  oauthEndpointPaths.revoke,
]);

/** RFC 9728: what `/mcp` is and who issues its tokens. */
export function protectedResourceMetadata(
  settings: HostedOAuthSettings,
  scopes: readonly string[],
): OAuthProtectedResourceMetadata {
  return {
    resource: settings.resource,
    authorization_servers: [settings.issuer],
    scopes_supported: [...scopes],
    bearer_methods_supported: ["header"],
    resource_name: "src: REST API sources for AI agents",
    resource_documentation: `${settings.publicUrl}/openapi.json`,
  };
}

/** RFC 8414: the embedded authorization server. */
export function authorizationServerMetadata(settings: HostedOAuthSettings, scopes: readonly string[]): OAuthMetadata {
  const url = (path: string): string => `${settings.publicUrl}${path}`;
  return {
    issuer: settings.issuer,
    authorization_endpoint: url(oauthEndpointPaths.authorize),
    token_endpoint: url(oauthEndpointPaths.token),
    ...(settings.dynamicRegistration ? { registration_endpoint: url(oauthEndpointPaths.register) } : {}),
    revocation_endpoint: url(oauthEndpointPaths.revoke),
    revocation_endpoint_auth_methods_supported: ["none"],
    scopes_supported: [...scopes],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${settings.publicUrl}/openapi.json`,
  };
}

const metadataHeaders = { "access-control-allow-origin": "*", "cache-control": "public, max-age=300" };

/**
 * The OAuth routes outside `/v1`: the metadata documents (served here), and
 * `/authorize`, `/token`, `/register` and `/revoke`, which are the MCP
 * TypeScript SDK's own handlers (Express routers) that Hono hands the Node
 * request to. Registered after the Host and Origin checks, before the token
 * check: none of them takes the admin token.
 */
export function registerOAuthProtocolRoutes(
  app: ServerHono,
  {
    settings,
    provider,
    scopes,
    logger,
  }: {
    settings: HostedOAuthSettings;
    provider: OAuthServerProvider | undefined;
    scopes: () => Promise<string[]>;
    logger: Logger;
  },
): void {
  documentOAuthRoutes(app, settings, provider !== undefined);
  const resourceMetadata = async (c: Context) =>
    c.json(protectedResourceMetadata(settings, await scopes()), 200, metadataHeaders);
  app.get("/.well-known/oauth-protected-resource/mcp", resourceMetadata);
  app.get("/.well-known/oauth-protected-resource", resourceMetadata);
  if (provider === undefined) return;
  app.get("/.well-known/oauth-authorization-server", async (c) =>
    c.json(authorizationServerMetadata(settings, await scopes()), 200, metadataHeaders),
  );

  const sdk = express();
  sdk.disable("x-powered-by");
  // The authorization request is a GET (a browser's navigation); its consent page reads the query it came with.
  sdk.post(
    oauthEndpointPaths.authorize,
    (_request, response) =>
      void response
        .status(405)
        .set("allow", "GET")
        .json({ error: "invalid_request", error_description: "send the authorization request as a GET" }),
  );
  // Every error the SDK's handler sends back to the client carries state and iss, and says what is wrong in a sentence.
  sdk.use(oauthEndpointPaths.authorize, clientParameterErrors());
  sdk.use(oauthEndpointPaths.authorize, authorizationErrorRedirects(settings));
  sdk.use(
    oauthEndpointPaths.authorize,
    authorizationHandler({ provider, rateLimit: { windowMs: 15 * 60_000, limit: 300 } }),
  );
  // The token and revocation requests are form-encoded (RFC 6749 4.1.3, RFC 7009 2.1); the SDK reads nothing else and
  // would answer another body with its schema's issues as JSON.
  sdk.post([oauthEndpointPaths.token, oauthEndpointPaths.revoke], (request, response, next) => {
    if (request.is("application/x-www-form-urlencoded") !== false) return next();
    response.status(400).json({
      error: "invalid_request",
      error_description: `send the ${request.path.endsWith("/revoke") ? "revocation" : "token"} request form-encoded, with Content-Type: application/x-www-form-urlencoded`,
    });
  });
  sdk.use(
    oauthEndpointPaths.token,
    schemaIssueSentences(
      "send grant_type=authorization_code with code, code_verifier (the PKCE verifier of the authorization request), redirect_uri and resource, or grant_type=refresh_token with refresh_token and resource, form-encoded",
      "send the token request's parameters form-encoded",
    ),
  );
  sdk.use(oauthEndpointPaths.token, tokenHandler({ provider, rateLimit: { windowMs: 15 * 60_000, limit: 600 } }));
  if (settings.dynamicRegistration && provider.clientsStore.registerClient !== undefined) {
    sdk.use(
      oauthEndpointPaths.register,
      schemaIssueSentences(
        'send the client\'s metadata (RFC 7591) as a JSON object with Content-Type: application/json, e.g. {"client_name": "My agent", "redirect_uris": ["http://127.0.0.1:33418/callback"]}',
        "it must be a JSON object of client metadata",
      ),
    );
    sdk.use(
      oauthEndpointPaths.register,
      clientRegistrationHandler({
        clientsStore: provider.clientsStore,
        clientSecretExpirySeconds: 0,
        rateLimit: { windowMs: 60 * 60_000, limit: 60 },
      }),
    );
  }
  sdk.use(oauthEndpointPaths.revoke, revocationHandler({ provider, rateLimit: { windowMs: 15 * 60_000, limit: 600 } }));
  sdk.use(oauthEndpointErrors(logger));

  const handOff = (c: Context): Response | Promise<Response> => {
    const bindings = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    const { incoming, outgoing } = bindings ?? {};
    if (incoming === undefined || outgoing === undefined) {
      return c.json(
        {
          error: {
            code: SERVER_ERROR_CODES.NOT_FOUND,
            message: "the OAuth endpoints are served by the Node HTTP server only (startServer, src serve)",
          },
        },
        404,
      );
    }
    return new Promise<Response>((resolve) => {
      // Answered by Express on the Node response; Hono is told so (and the request log sees its status).
      const done = (): void =>
        resolve(
          new NativeResponse(null, {
            status: outgoing.statusCode >= 200 && outgoing.statusCode <= 599 ? outgoing.statusCode : 500,
            headers: { "x-hono-already-sent": "true" },
          }),
        );
      outgoing.once("finish", done);
      outgoing.once("close", done);
      sdk(incoming as never, outgoing as never);
    });
  };
  for (const path of [
    oauthEndpointPaths.authorize,
    oauthEndpointPaths.token,
    oauthEndpointPaths.register,
    oauthEndpointPaths.revoke,
  ])
    app.all(path, handOff);
}

/** The OAuth routes in `/openapi.json` (their bodies are OAuth's, form-encoded or JSON as the RFCs say; no admin token). */
function documentOAuthRoutes(app: ServerHono, settings: HostedOAuthSettings, embedded: boolean): void {
  const json = (description: string) => ({
    description,
    content: { "application/json": { schema: { type: "object" as const } } },
  });
  const oauthError = json("An OAuth error: { error, error_description } (RFC 6749 5.2).");
  const register = (method: "get" | "post", path: string, summary: string, responses: Record<string, unknown>): void =>
    app.openAPIRegistry.registerPath({
      method,
      path,
      tags: ["oauth"],
      summary,
      security: [],
      responses: responses as never,
    });
  register(
    "get",
    "/.well-known/oauth-protected-resource/mcp",
    "RFC 9728 protected resource metadata of /mcp: resource, authorization_servers, scopes_supported, bearer_methods_supported, resource_name.",
    { 200: json("The metadata.") },
  );
  register("get", "/.well-known/oauth-protected-resource", "The same protected resource metadata at the host's root.", {
    200: json("The metadata."),
  });
  if (!embedded) return;
  register(
    "get",
    "/.well-known/oauth-authorization-server",
    "RFC 8414 metadata of the embedded authorization server (PKCE S256, Client ID Metadata Documents, dynamic registration unless --no-oauth-dcr).",
    { 200: json("The metadata.") },
  );
  register(
    "get",
    oauthEndpointPaths.authorize,
    "The authorization endpoint (authorization code with PKCE S256 only; resource required and equal to the /mcp URL): answers the consent page of the console, or redirects an error to the client.",
    {
      200: { description: "The consent page (HTML, the console's Content-Security-Policy, never framed)." },
      302: { description: "An error sent back to the client's redirect URI (invalid_request, invalid_target, ...)." },
      400: oauthError,
    },
  );
  register(
    "post",
    oauthEndpointPaths.token,
    "The token endpoint (application/x-www-form-urlencoded): authorization_code with code_verifier, or refresh_token (rotated; a reused one revokes the grant).",
    { 200: json("access_token (1 hour by default), refresh_token, expires_in, scope."), 400: oauthError },
  );
  if (settings.dynamicRegistration)
    register(
      "post",
      oauthEndpointPaths.register,
      "RFC 7591 dynamic client registration (public clients: token_endpoint_auth_method none).",
      { 201: json("The registered client."), 400: oauthError },
    );
  register(
    "post",
    oauthEndpointPaths.revoke,
    "RFC 7009 token revocation: an access token alone, or a refresh token with its whole grant.",
    { 200: json("Revoked (or unknown)."), 400: oauthError },
  );
}
