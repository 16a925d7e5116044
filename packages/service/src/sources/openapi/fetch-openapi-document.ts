import { checkCredential, type AnyAuthPluginV2, type AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import { createRequestAuthorizer } from "@src/http-tool";
import { createRedactor } from "@src/http-tool/internal";

/** Largest document fetched, in bytes (GitHub's is about 13 MB). */
export const maxDocumentBytes = 64 * 1024 * 1024;
/** Time-out of the whole fetch, in milliseconds. */
const fetchTimeoutMs = 60_000;

/** What fetching a document needs. */
export interface FetchOpenApiDocumentOptions {
  url: string;
  source: SourceRecord;
  plugin: AnyAuthPluginV2;
  /** The stored credential, or `undefined`; attached only when `url` is on the source's origin. */
  credential: Record<string, unknown> | undefined;
  auth?: AuthRuntime | undefined;
  fetch?: typeof fetch | undefined;
}

/**
 * Fetches a source's OpenAPI document from its URL. The credential is
 * attached (by the source's auth plugin) only when the URL has the same
 * origin as the base URL: another origin never sees it. Redirects are not
 * followed. Throws an `Error` whose message says what failed (never a secret).
 */
export async function fetchOpenApiDocument({
  url,
  source,
  plugin,
  credential,
  auth,
  fetch = globalThis.fetch,
}: FetchOpenApiDocumentOptions): Promise<string> {
  const target = new URL(url);
  const headers = new Headers({ accept: "application/json, application/yaml, text/yaml, */*;q=0.5" });
  let secrets: readonly string[] = [];
  const sameOrigin = target.origin === new URL(source.api.baseUrl).origin;
  if (sameOrigin && credential !== undefined) {
    const checked = checkCredential(plugin, credential);
    const authorizer = createRequestAuthorizer({ source, plugin, credential: checked, auth });
    secrets = authorizer.secrets;
    await authorizer.authorizeHop({
      method: "GET",
      url: target,
      headers,
      body: undefined,
      attempt: 1,
      signal: undefined,
    });
    // The plugin may only add to the request; it must not have moved it elsewhere.
    if (target.origin !== new URL(source.api.baseUrl).origin)
      throw new Error("the auth plugin moved the document request to another origin; it was not sent");
  }
  const redact = (text: string): string => (secrets.length === 0 ? text : createRedactor(secrets).redactText(text));
  let response: Response;
  try {
    response = await fetch(target, { headers, redirect: "manual", signal: AbortSignal.timeout(fetchTimeoutMs) });
  } catch (error) {
    throw new Error(redact(`could not fetch ${url}: ${(error as Error).message}`), { cause: error });
  }
  if (response.status >= 300 && response.status < 400) {
    throw new Error(`${url} redirects (HTTP ${response.status}); give the document's final URL in api.openapi`);
  }
  if (!response.ok) {
    throw new Error(
      `${url} answered HTTP ${response.status}${sameOrigin ? "" : " (it is not on the source's origin, so no credential was sent)"}; check api.openapi`,
    );
  }
  const length = Number(response.headers.get("content-length") ?? "0");
  if (length > maxDocumentBytes)
    throw new Error(
      `${url} is larger than ${maxDocumentBytes} bytes; save it in the source's folder and give its file name in api.openapi`,
    );
  const text = await response.text();
  if (Buffer.byteLength(text) > maxDocumentBytes)
    throw new Error(
      `${url} is larger than ${maxDocumentBytes} bytes; save it in the source's folder and give its file name in api.openapi`,
    );
  return text;
}
