import type { AnyAuthPlugin } from "@src/auth";

type ApplyContext = Parameters<AnyAuthPlugin["apply"]>[1];

/** Probe results per plugin, keyed by method, base URL, config and credential. */
const cache = new WeakMap<AnyAuthPlugin, Map<string, readonly string[]>>();
const maxCachedPerPlugin = 64;

/**
 * The query parameter names `plugin` adds to a request for `method` on a
 * probe URL without any query (the base URL's origin and path), so that an
 * agent's guess of the same name and value cannot hide them. Without a body
 * the answer is cached per plugin, method, base URL, config and credential
 * (the plugin contract: `apply` is pure apart from the request it changes); with a body the probe
 * runs every time, since a plugin may add names that depend on it.
 */
export function authQueryNames(plugin: AnyAuthPlugin, method: string, baseUrl: URL, body: string | undefined, context: ApplyContext): readonly string[] {
  const probeNames = (): string[] => {
    const probe = new URL(`${baseUrl.origin}${baseUrl.pathname}`);
    plugin.apply({ method, url: probe, headers: new Headers(), body }, context);
    return [...probe.searchParams.keys()];
  };
  if (body !== undefined) return probeNames();
  let perPlugin = cache.get(plugin);
  if (perPlugin === undefined) {
    perPlugin = new Map();
    cache.set(plugin, perPlugin);
  }
  // Held in memory only, like the redactor cache's keys; never logged or returned.
  const key = `${method}\u0000${baseUrl.origin}${baseUrl.pathname}\u0000${JSON.stringify(context.config)}\u0000${JSON.stringify(context.credential)}`;
  const cached = perPlugin.get(key);
  if (cached !== undefined) return cached;
  const names = Object.freeze(probeNames());
  if (perPlugin.size >= maxCachedPerPlugin) {
    const oldest = perPlugin.keys().next().value;
    if (oldest !== undefined) perPlugin.delete(oldest);
  }
  perPlugin.set(key, names);
  return names;
}
