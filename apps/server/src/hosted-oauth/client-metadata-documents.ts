import { get } from "node:https";
import { OAuthClientMetadataSchema, type OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { LRUCache } from "lru-cache";
import { RequestFilteringHttpsAgent } from "request-filtering-agent";

/** Options of `createClientMetadataDocuments`. */
export interface ClientMetadataDocumentsOptions {
  /** Allow documents on loopback and private addresses (local development and tests). Default false. */
  allowLoopback?: boolean;
  /** Largest document read, in bytes. Default 5120 (the draft's suggestion). */
  maxBytes?: number;
  /** Longest wait for the whole document, in ms. Default 5000. */
  timeoutMs?: number;
  /** How long a document (or a failure) is kept, in ms. Default an hour (a failure: a minute). */
  cacheMs?: number;
}

/** Why a `client_id` URL is no client. */
export class ClientMetadataDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ClientMetadataDocumentError";
  }
}

/** Whether a `client_id` is a Client ID Metadata Document's URL rather than a registered id. */
export const isMetadataDocumentClientId = (clientId: string): boolean => /^https:\/\//i.test(clientId);

/**
 * Client ID Metadata Documents (the MCP authorization revision 2025-11-25,
 * draft-ietf-oauth-client-id-metadata-document): a `client_id` that is an
 * https URL names a JSON document of the client's metadata, fetched here.
 * Only https; never a private, loopback, link-local or reserved address
 * (request-filtering-agent checks the address each connection actually goes
 * to, so a DNS answer cannot point it inside) unless `allowLoopback`; at most
 * `maxBytes` and `timeoutMs`; no redirects; the document must name itself as
 * `client_id` and list its `redirect_uris`. Results are cached (an LRU of
 * 500), failures for a minute, so a client cannot make the server fetch at will.
 */
export function createClientMetadataDocuments(options: ClientMetadataDocumentsOptions = {}) {
  const maxBytes = options.maxBytes ?? 5120;
  const timeoutMs = options.timeoutMs ?? 5000;
  const agent = new RequestFilteringHttpsAgent({
    allowPrivateIPAddress: options.allowLoopback === true,
    keepAlive: false,
  });
  const cache = new LRUCache<string, { client: OAuthClientInformationFull } | { problem: string }>({
    max: 500,
    ttl: options.cacheMs ?? 3_600_000,
  });

  function fetchText(url: URL): Promise<string> {
    return new Promise((resolve, reject) => {
      const request = get(url, { agent, headers: { accept: "application/json" }, timeout: timeoutMs }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(
            new ClientMetadataDocumentError(
              `its client_id document answered HTTP ${response.statusCode ?? "?"} (redirects are not followed)`,
            ),
          );
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            request.destroy();
            reject(new ClientMetadataDocumentError(`its client_id document is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        response.on("error", reject);
      });
      const deadline = setTimeout(
        () =>
          request.destroy(
            new ClientMetadataDocumentError(`its client_id document did not arrive within ${timeoutMs} ms`),
          ),
        timeoutMs,
      );
      request.on("close", () => clearTimeout(deadline));
      request.on("timeout", () =>
        request.destroy(
          new ClientMetadataDocumentError(`its client_id document did not arrive within ${timeoutMs} ms`),
        ),
      );
      request.on("error", (error) =>
        reject(
          error instanceof ClientMetadataDocumentError
            ? error
            : new ClientMetadataDocumentError(`its client_id document could not be fetched: ${error.message}`),
        ),
      );
    });
  }

  async function load(clientId: string): Promise<OAuthClientInformationFull> {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      throw new ClientMetadataDocumentError("its client_id is not a URL");
    }
    if (
      url.protocol !== "https:" ||
      url.pathname === "/" ||
      url.hash !== "" ||
      url.username !== "" ||
      url.password !== ""
    ) {
      throw new ClientMetadataDocumentError(
        "a client_id URL must be https, with a path, without a fragment or credentials",
      );
    }
    const text = await fetchText(url);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ClientMetadataDocumentError("its client_id document is not JSON");
    }
    const parsed = OAuthClientMetadataSchema.safeParse(json);
    if (!parsed.success)
      throw new ClientMetadataDocumentError(
        `its client_id document is not client metadata: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`,
      );
    if ((json as { client_id?: unknown }).client_id !== clientId)
      throw new ClientMetadataDocumentError("its client_id document names another client_id than its own URL");
    if ((json as { client_secret?: unknown }).client_secret !== undefined)
      throw new ClientMetadataDocumentError(
        "its client_id document holds a client_secret; metadata documents are for public clients",
      );
    return { ...parsed.data, client_id: clientId, token_endpoint_auth_method: "none" };
  }

  return {
    /** The client a `client_id` URL names; throws `ClientMetadataDocumentError` saying why not. */
    async resolve(clientId: string): Promise<OAuthClientInformationFull> {
      const cached = cache.get(clientId);
      if (cached !== undefined) {
        if ("problem" in cached) throw new ClientMetadataDocumentError(cached.problem);
        return cached.client;
      }
      try {
        const client = await load(clientId);
        cache.set(clientId, { client });
        return client;
      } catch (error) {
        const problem =
          error instanceof ClientMetadataDocumentError
            ? error.message
            : `its client_id document could not be read: ${(error as Error).message}`;
        cache.set(clientId, { problem }, { ttl: 60_000 });
        throw new ClientMetadataDocumentError(problem);
      }
    },
  };
}

export type ClientMetadataDocuments = ReturnType<typeof createClientMetadataDocuments>;
