import type { IncomingMessage } from "node:http";

/**
 * One request header, by lower-case name. Under @hono/node-server it is read
 * from the Node request's own header object: asking `c.req.header()` makes the
 * adapter copy every header into a web `Headers` first, which is measurable on
 * the agent's hot route. Other hosts (and `app.request()` in tests) go through
 * Hono. Repeated headers are joined with ", " either way.
 */
export function requestHeader(
  c: { env: unknown; req: { header(name: string): string | undefined } },
  name: string,
): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
}
