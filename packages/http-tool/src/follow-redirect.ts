import type { RequestAuthorizer } from "./request-authorizer";
import { redirectedMethod } from "./redirect-policy";
import type { Hop } from "./send-attempt";

/** Body-describing headers dropped when a redirect turns the request into a body-less GET. */
const bodyHeaders = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];

/**
 * The request for the next hop of a followed (in-scope) redirect: the same
 * headers, the method and body per fetch's rules, and the request authorized
 * again for the new URL (plugins set, never append), so query auth stays
 * attached and a credential the upstream put in `Location` is replaced.
 */
export async function followRedirect(hop: Hop, status: number, target: URL, authorizer: RequestAuthorizer | undefined, attempt: number): Promise<Hop> {
  const next = redirectedMethod(status, hop.method, hop.body);
  const headers = new Headers(hop.headers);
  if (next.dropsBody) for (const name of bodyHeaders) headers.delete(name);
  const url = new URL(target.href);
  url.hash = "";
  await authorizer?.authorize({ method: next.method, url, headers, body: next.body }, attempt);
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return { method: next.method, url: url.href, headers: record, body: next.body };
}
