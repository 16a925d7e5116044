import type { RequestAuthorizer } from "./request-authorizer";
import type { Hop } from "./send-attempt";

/** The hop authorized again for `attempt` (a retry or a rejected request's retry): a new hop, the old one unchanged. */
export async function reauthorizeHop(hop: Hop, authorizer: RequestAuthorizer | undefined, attempt: number): Promise<Hop> {
  if (authorizer === undefined) return hop;
  const url = new URL(hop.url);
  const headers = new Headers(hop.headers);
  await authorizer.authorize({ method: hop.method, url, headers, body: hop.body }, attempt);
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return { method: hop.method, url: url.href, headers: record, body: hop.body };
}
