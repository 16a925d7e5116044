/**
 * Request headers the service (and Node) control: how the body is framed, which
 * server the request names, and how the connection behaves. An auth plugin that
 * sets one could smuggle a second request onto a kept-alive connection, so a
 * request carrying one is refused, never sent; no credential can be configured
 * to go there. The one list for the whole project, with why each is reserved.
 */
export const serviceControlledHeaders: Readonly<Record<string, string>> = {
  "content-length": "it frames the body; Node computes it from the body's bytes",
  "transfer-encoding": "it frames the body; Node chooses it",
  host: "it names the server; it comes from api.baseUrl",
  connection: "it manages the connection (hop-by-hop)",
  "keep-alive": "it manages the connection (hop-by-hop)",
  upgrade: "it asks to switch protocols; src speaks HTTP/1.1 only",
  expect: "it changes when the body is sent (100-continue)",
  te: "it negotiates transfer codings (hop-by-hop)",
  trailer: "it announces trailer fields after the body",
};

const proxyReason = "Proxy-* headers are meant for a proxy, and src talks to no proxy";

/** Why `name` is a header only the service may set, or undefined when a plugin may set it. Case-insensitive; `Proxy-*` by prefix. */
export function serviceControlledHeaderReason(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.startsWith("proxy-")) return proxyReason;
  return Object.hasOwn(serviceControlledHeaders, lower) ? serviceControlledHeaders[lower] : undefined;
}

/** The first service-controlled header among `names` (lower case), or undefined. */
export function findServiceControlledHeader(names: Iterable<string>): string | undefined {
  for (const name of names) if (serviceControlledHeaderReason(name) !== undefined) return name.toLowerCase();
  return undefined;
}
