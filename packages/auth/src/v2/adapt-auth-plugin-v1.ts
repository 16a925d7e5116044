import type { z } from "zod";
import type { AnyAuthPlugin } from "../auth-plugin";
import type { AnyAuthPluginV2, AuthPluginV2 } from "./auth-plugin-v2";

const adaptedFrom = Symbol.for("src.auth.adapted-v1");
const textDecoder = new TextDecoder();
/** One adapter per v1 plugin object, so callers that adapt on every call share it. */
const adapted = new WeakMap<AnyAuthPlugin, AdaptedAuthPluginV1>();

/** A v1 plugin lifted to v2: `authorize` runs `apply`; the original stays reachable. */
export type AdaptedAuthPluginV1 = AuthPluginV2 & { readonly [adaptedFrom]: AnyAuthPlugin };

/**
 * Lifts a v1 plugin to the v2 contract, unchanged in behaviour: `authorize`
 * calls the synchronous `apply` with the body as text. A v1 plugin declares no
 * placement, so `placement` is empty and the builder learns the query names it
 * sets by comparing the query before and after.
 */
export function adaptAuthPluginV1(plugin: AnyAuthPlugin): AdaptedAuthPluginV1 {
  const known = adapted.get(plugin);
  if (known !== undefined) return known;
  const lifted = {
    specificationVersion: "v2",
    type: plugin.type,
    description: plugin.description,
    configSchema: plugin.configSchema as z.ZodType<Record<string, unknown>>,
    credentialSchema: plugin.credentialSchema as z.ZodType<Record<string, unknown>>,
    credentialFields: plugin.credentialFields,
    placement: () => ({ headers: [], query: [] }),
    authorize(request, context) {
      const body = request.body === undefined ? undefined : textDecoder.decode(request.body);
      plugin.apply({ method: request.method, url: request.url, headers: request.headers, body }, { config: context.config, credential: context.credential });
      return Promise.resolve();
    },
    secretValues: (credential) => plugin.secretValues(credential),
    describePlacement: (config) => plugin.describePlacement(config),
    [adaptedFrom]: plugin,
  } satisfies AuthPluginV2 & { [adaptedFrom]: AnyAuthPlugin };
  adapted.set(plugin, lifted);
  return lifted;
}

/** True for a plugin `adaptAuthPluginV1` made (its placement is learnt, not declared). */
export function isAdaptedAuthPluginV1(plugin: AnyAuthPluginV2): plugin is AdaptedAuthPluginV1 {
  return adaptedFrom in plugin;
}

/** The plugin as v2: v2 plugins as they are, v1 plugins through `adaptAuthPluginV1`. */
export function toAuthPluginV2(plugin: AnyAuthPlugin | AnyAuthPluginV2): AnyAuthPluginV2 {
  return plugin.specificationVersion === "v2" ? plugin : adaptAuthPluginV1(plugin);
}
