import type { Hop } from "../transport/hop";
import type { AuthorizeHop } from "./authorize-hop";
import { redirectedMethod } from "./redirect-policy";

/** Body-describing headers dropped when a redirect turns the request into a body-less GET. */
const bodyHeaders = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];

/** Where the hop being followed stands: its attempt and the caller's signal, for the authorizer. */
export interface RedirectContext {
  attempt: number;
  signal: AbortSignal | undefined;
}

/**
 * The request for the next hop of a followed (in-scope) redirect: the same
 * headers, the method and body per fetch's rules, and the credential attached
 * again by `authorizeHop` (for a plugin: applied again to the new URL).
 */
export async function followRedirect(
  hop: Hop,
  status: number,
  target: URL,
  authorizeHop: AuthorizeHop,
  context: RedirectContext,
): Promise<Hop> {
  const next = redirectedMethod(status, hop.method, hop.body);
  const headers = new Headers(hop.headers);
  if (next.dropsBody) for (const name of bodyHeaders) headers.delete(name);
  const url = new URL(target.href);
  url.hash = "";
  await authorizeHop({
    method: next.method,
    url,
    headers,
    body: next.body,
    attempt: context.attempt,
    signal: context.signal,
  });
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return { method: next.method, url: url.href, headers: record, body: next.body };
}
