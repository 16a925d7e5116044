import { randomBytes } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { createPrivateCa } from "../../../../packages/http-tool/test/private-ca";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

/** The loopback page a hosted agent's sign-in comes back to: it keeps every query it was sent. */
export interface RedirectCatcher {
  /** `http://127.0.0.1:<port>/callback` */
  url: string;
  /** Resolves with the query of the next redirect that arrives. */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function startRedirectCatcher(): Promise<RedirectCatcher> {
  let waiting: ((query: URLSearchParams) => void)[] = [];
  const arrived: URLSearchParams[] = [];
  const server: Server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    // A browser also asks for /favicon.ico: only the callback counts.
    if (url.pathname !== "/callback") return void response.writeHead(404).end();
    const query = url.searchParams;
    response
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end("<!doctype html><title>Signed in</title><p>You may close this window.</p>");
    const resolve = waiting.shift();
    if (resolve === undefined) arrived.push(query);
    else resolve(query);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    next: () => {
      const ready = arrived.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
    close: () => {
      waiting = [];
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * An `OAuthClientProvider` of the MCP SDK's client, as a hosted agent keeps
 * its sign-in: in memory. `authorizationUrl` is where it would send the
 * person's browser; `issued` lists every token it was given (for the secret scan).
 */
export class TestAgentProvider implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  issued: string[] = [];
  private saved: { client?: OAuthClientInformationMixed; tokens?: OAuthTokens; verifier?: string } = {};

  constructor(
    private readonly redirect: string,
    readonly clientMetadataUrl?: string,
    private readonly name = "Test Agent",
  ) {}

  get redirectUrl(): string {
    return this.redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  state(): string {
    return randomBytes(16).toString("hex");
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.saved.client;
  }

  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.saved.client = information;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved.tokens = tokens;
    this.issued.push(tokens.access_token, ...(tokens.refresh_token === undefined ? [] : [tokens.refresh_token]));
  }

  /** What a host does when the server says a token or client is no longer good: forgets it. */
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "tokens") delete this.saved.tokens;
    if (scope === "all" || scope === "client") delete this.saved.client;
    if (scope === "all" || scope === "verifier") delete this.saved.verifier;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.saved.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.saved.verifier === undefined) throw new Error("no code verifier saved");
    return this.saved.verifier;
  }
}

/** A private CA made with openssl, and an https server on 127.0.0.1 (signed by it) that serves a client's metadata document. */
export interface ClientDocumentHost {
  /** The CA's PEM file: give it to the server as NODE_EXTRA_CA_CERTS. */
  caFile: string;
  /** `https://127.0.0.1:<port>/agent/client.json`: the client_id. */
  clientId: string;
  /** How many times the document was fetched. */
  fetches(): number;
  close(): Promise<void>;
}

export async function startClientDocumentHost(
  document: (clientId: string) => Record<string, unknown>,
): Promise<ClientDocumentHost> {
  const ca = createPrivateCa();
  const { key, cert } = ca.issue("IP:127.0.0.1");
  let fetches = 0;
  let clientId = "";
  const server = createHttpsServer({ key, cert }, (request, response) => {
    if (request.url !== "/agent/client.json") return void response.writeHead(404).end();
    fetches += 1;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(document(clientId)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  clientId = `https://127.0.0.1:${(server.address() as AddressInfo).port}/agent/client.json`;
  return {
    caFile: ca.caFile,
    clientId,
    fetches: () => fetches,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      ca.remove();
    },
  };
}
