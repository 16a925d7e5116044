import { readFileSync } from "node:fs";
import { checkServerIdentity as tlsCheckServerIdentity, type PeerCertificate } from "node:tls";
import type { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";
import { HttpProxyAgent } from "http-proxy-agent";
import { HttpsProxyAgent } from "https-proxy-agent";
// @ts-expect-error -- proxy-from-env ships no types; the one function used is typed below.
import { getProxyForUrl as untypedGetProxyForUrl } from "proxy-from-env";
import { maxSocketsPerOrigin, freeSocketTimeoutMs, type NodeHttpAgents } from "./node-http-agents";

/** The `api` fields that choose a proxy (`@src/config`'s `proxy` and `allowPlainHttpProxy`). */
export interface ProxySettings {
  readonly baseUrl: string;
  /** `"http://host:port"` (or `https://`): this source's proxy, over the environment; `"direct"`: none. Default: the environment. */
  readonly proxy?: string | undefined;
  /** Allow an `http:` base URL through a proxy (which then sees the credential). Default false. */
  readonly allowPlainHttpProxy?: boolean | undefined;
  /** An absolute path to a PEM file: the certificate authorities this source's `https:` API is checked against (instead of the default ones). Default: the default ones, with `NODE_EXTRA_CA_CERTS`. */
  readonly caFile?: string | undefined;
}

/**
 * How one source's calls leave this process: `direct` (the shared agents),
 * through a proxy (agents of its own: a CONNECT tunnel for `https:` APIs, so
 * the proxy sees the host and never a header; a forwarding proxy for an
 * `http:` API that allows it), or `refused` with the reason.
 */
export type ProxyRoute =
  | { readonly kind: "direct"; readonly agents: undefined }
  | { readonly kind: "proxy"; readonly proxyUrl: string; readonly agents: NodeHttpAgents }
  | { readonly kind: "refused"; readonly message: string; readonly agents: undefined };

/** The proxy URL for `url` from HTTPS_PROXY / HTTP_PROXY / ALL_PROXY and NO_PROXY (either case), or "" for none. */
const getProxyForUrl = untypedGetProxyForUrl as (url: string) => string;

const direct: ProxyRoute = Object.freeze({ kind: "direct", agents: undefined });

/** The variables `proxy-from-env` reads; part of the cache key, so a changed environment is seen (tests clear them). */
export const proxyVariables = [
  "https_proxy",
  "HTTPS_PROXY",
  "http_proxy",
  "HTTP_PROXY",
  "all_proxy",
  "ALL_PROXY",
  "no_proxy",
  "NO_PROXY",
] as const;

const routes = new Map<string, ProxyRoute>();
const agentsByProxy = new Map<string, NodeHttpAgents>();
const maxRoutes = 1024;

/** Shows a proxy URL without its user name and password (they may be in HTTPS_PROXY). */
export function describeProxy(proxyUrl: string): string {
  try {
    const url = new URL(proxyUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "(a proxy URL that does not parse)";
  }
}

/**
 * https-proxy-agent takes the TLS options of the API's connection from each
 * request, not from its own options (those are for the connection to the
 * proxy); this one adds the source's certificate authorities to every tunnel,
 * and checks the certificate against the API's host itself (the library drops
 * `host`, so an API addressed by IP address was checked against "localhost").
 */
class TunnelAgent extends HttpsProxyAgent<string> {
  readonly #ca: string | undefined;

  constructor(
    proxyUrl: string,
    options: ConstructorParameters<typeof HttpsProxyAgent<string>>[1],
    ca: string | undefined,
  ) {
    super(proxyUrl, options);
    this.#ca = ca;
  }

  override connect(
    request: Parameters<HttpsProxyAgent<string>["connect"]>[0],
    options: Parameters<HttpsProxyAgent<string>["connect"]>[1],
  ): ReturnType<HttpsProxyAgent<string>["connect"]> {
    const host = options.host ?? "";
    const checkServerIdentity = (_servername: string, certificate: PeerCertificate): Error | undefined =>
      tlsCheckServerIdentity(host, certificate);
    return super.connect(request, {
      ...options,
      checkServerIdentity,
      ...(this.#ca === undefined ? {} : { ca: this.#ca }),
    } as typeof options);
  }
}

/** Agents through `proxyUrl` (or direct, for `undefined`) trusting `ca` when given; one set per proxy and CA file. */
function agentsFor(proxyUrl: string | undefined, caFile: string | undefined, ca: string | undefined): NodeHttpAgents {
  const key = `${proxyUrl ?? ""}\n${caFile ?? ""}`;
  let agents = agentsByProxy.get(key);
  if (agents === undefined) {
    const options = {
      keepAlive: true,
      maxSockets: maxSocketsPerOrigin,
      timeout: freeSocketTimeoutMs,
      ...(ca === undefined ? {} : { ca }),
    };
    agents =
      proxyUrl === undefined
        ? { https: new HttpsAgent(options) }
        : {
            // http-proxy-agent forwards plain requests (the proxy sees them whole); only used when the source allows it.
            http: new HttpProxyAgent(proxyUrl, options) as unknown as HttpAgent,
            // https-proxy-agent opens a CONNECT tunnel and TLS to the API inside it.
            https: new TunnelAgent(
              proxyUrl,
              { keepAlive: true, maxSockets: maxSocketsPerOrigin, timeout: freeSocketTimeoutMs },
              ca,
            ) as unknown as HttpsAgent,
          };
    agentsByProxy.set(key, agents);
  }
  return agents;
}

function decide({ baseUrl, proxy, allowPlainHttpProxy, caFile }: ProxySettings): ProxyRoute {
  let ca: string | undefined;
  if (caFile !== undefined) {
    try {
      ca = readFileSync(caFile, "utf8");
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? "unreadable";
      return {
        kind: "refused",
        agents: undefined,
        message: `api.caFile ${caFile} cannot be read (${reason}); point it at the PEM file of the certificate authority (relative to the source's folder, or absolute)`,
      };
    }
    if (!ca.includes("-----BEGIN CERTIFICATE-----")) {
      return {
        kind: "refused",
        agents: undefined,
        message: `api.caFile ${caFile} holds no PEM certificate ("-----BEGIN CERTIFICATE-----"); point it at the certificate authority's PEM file`,
      };
    }
  }
  const chosen = proxy ?? getProxyForUrl(baseUrl);
  if (chosen === "" || chosen === "direct")
    return ca === undefined ? direct : { kind: "proxy", proxyUrl: "direct", agents: agentsFor(undefined, caFile, ca) };
  const where = proxy === undefined ? "HTTPS_PROXY / HTTP_PROXY" : "api.proxy";
  let proxyUrl: URL;
  try {
    proxyUrl = new URL(chosen);
  } catch {
    return {
      kind: "refused",
      agents: undefined,
      message: `the proxy in ${where} is not a URL; write it as http://host:port`,
    };
  }
  if (proxyUrl.protocol !== "http:" && proxyUrl.protocol !== "https:") {
    return {
      kind: "refused",
      agents: undefined,
      message: `the proxy ${describeProxy(chosen)} in ${where} must be an http:// or https:// URL`,
    };
  }
  if (new URL(baseUrl).protocol === "http:" && allowPlainHttpProxy !== true) {
    return {
      kind: "refused",
      agents: undefined,
      message:
        `${baseUrl} is plain http, and the proxy ${describeProxy(chosen)} (${where}) would see the credential; ` +
        `use an https base URL, exempt the host with NO_PROXY or api.proxy "direct", or set api.allowPlainHttpProxy to true if that proxy may see it`,
    };
  }
  return { kind: "proxy", proxyUrl: chosen, agents: agentsFor(chosen, caFile, ca) };
}

/**
 * The route of a source's calls, remembered per base URL, proxy settings and
 * the proxy variables of `process.env` (about a microsecond per call once known).
 */
export function proxyRouteFor(settings: ProxySettings): ProxyRoute {
  const env = process.env;
  let key = `${settings.baseUrl}\n${settings.proxy ?? ""}\n${settings.allowPlainHttpProxy === true ? 1 : 0}\n${settings.caFile ?? ""}`;
  if (settings.proxy === undefined) for (const name of proxyVariables) key += `\n${env[name] ?? ""}`;
  let route = routes.get(key);
  if (route === undefined) {
    route = decide(settings);
    if (routes.size >= maxRoutes) routes.clear();
    routes.set(key, route);
  }
  return route;
}
