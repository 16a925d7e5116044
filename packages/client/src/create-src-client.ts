import type { KyInstance } from "ky";
import { normalizeClientOptions, type SrcClientOptions } from "./client-options";
import { createServerRequests, type ServerRequests } from "./requests/server-requests";
import { createSignInRequests, type SignInRequests } from "./requests/sign-in-requests";
import { createConsentRequests, type ConsentRequests } from "./requests/consent-requests";
import { createSourceRequests, type SourceRequests } from "./requests/source-requests";
import { createTokenRequests, type TokenRequests } from "./requests/token-requests";
import { createConnectionRequests, type ConnectionRequests } from "./requests/connection-requests";
import { createToolRequests, type ToolRequests } from "./requests/tool-requests";
import { createSendRequest } from "./send-request";

/** A typed client of one src server: a method per route, grouped by what they act on. */
export interface SrcClient {
  /** The server's URL, ending in `/`. */
  readonly baseUrl: string;
  /**
   * The URL of the server's MCP endpoint (`/mcp`, Streamable HTTP): give it, with the same token as
   * `Authorization: Bearer`, to an MCP client such as the MCP SDK's `StreamableHTTPClientTransport`.
   */
  readonly mcpUrl: string;
  /** Liveness, the OpenAPI document, operator commands. */
  readonly server: ServerRequests;
  /** Sources and their credentials. */
  readonly sources: SourceRequests;
  /** The sign-in of sources whose auth mode signs a person in (OAuth 2.0's authorization code grant). */
  readonly signIn: SignInRequests;
  /** The consent page of hosted agents' OAuth sign-in (`/v1/oauth/consent...`). */
  readonly consent: ConsentRequests;
  /** The HTTP tools and the agent's call. */
  readonly tools: ToolRequests;
  /** Agent tokens. */
  readonly tokens: TokenRequests;
  /** Per-user sources' connections: who is connected, an operator's set and remove, a connect link's page. */
  readonly connections: ConnectionRequests;
  /** The ky instance underneath (base URL, token and retry set), for a route this client does not know yet. */
  readonly ky: KyInstance;
}

/**
 * Creates a client of the src server at `options.baseUrl`, the token set once for every request.
 * Every failure is a `SrcClientError`.
 */
export function createSrcClient(options: SrcClientOptions): SrcClient {
  const normalized = normalizeClientOptions(options);
  const { send, ky } = createSendRequest(normalized);
  return {
    baseUrl: normalized.baseUrl,
    mcpUrl: new URL("mcp", normalized.baseUrl).href,
    server: createServerRequests(send),
    sources: createSourceRequests(send),
    signIn: createSignInRequests(send),
    consent: createConsentRequests(send),
    tools: createToolRequests(send),
    tokens: createTokenRequests(send),
    connections: createConnectionRequests(send),
    ky,
  };
}
