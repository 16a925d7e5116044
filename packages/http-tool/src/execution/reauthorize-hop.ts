import type { Hop } from "../transport/hop";
import type { AuthorizeHop } from "./authorize-hop";

/** The hop authorized again for `attempt` (a retry or a rejected request's retry): a new hop, the old one unchanged. */
export async function reauthorizeHop(
  hop: Hop,
  authorizeHop: AuthorizeHop,
  attempt: number,
  signal: AbortSignal | undefined,
): Promise<Hop> {
  const url = new URL(hop.url);
  const headers = new Headers(hop.headers);
  await authorizeHop({ method: hop.method, url, headers, body: hop.body, attempt, signal });
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return { method: hop.method, url: url.href, headers: record, body: hop.body };
}
