import { checkPluginHeaders } from "../request/check-plugin-headers";
import type { ExecuteOptions } from "./execute-options";
import { redirectedMethod } from "./redirect-policy";
import type { Hop } from "../transport/hop";

/** Body-describing headers dropped when a redirect turns the request into a body-less GET. */
const bodyHeaders = ["content-type", "content-length", "content-encoding", "content-language", "content-location"];

/**
 * The request for the next hop of a followed (in-scope) redirect: the same
 * headers, the method and body per fetch's rules, and the auth plugin applied
 * again to the new URL (plugins are idempotent), so query auth stays attached
 * and a credential the upstream put in `Location` is replaced by the stored one.
 */
export function followRedirect(hop: Hop, status: number, target: URL, options: ExecuteOptions): Hop {
  const next = redirectedMethod(status, hop.method, hop.body);
  const headers = new Headers(hop.headers);
  if (next.dropsBody) for (const name of bodyHeaders) headers.delete(name);
  const url = new URL(target.href);
  url.hash = "";
  options.plugin.apply({ method: next.method, url, headers, body: next.body }, { config: options.source.api, credential: options.credential });
  checkPluginHeaders(headers, options.plugin.type);
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return { method: next.method, url: url.href, headers: record, body: next.body };
}
