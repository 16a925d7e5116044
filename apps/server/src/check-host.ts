import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import { SERVER_ERROR_CODES } from "./errors/server-error";
import { requestHeader } from "./request-header";

/** Which `Host` names the server answers. */
export interface AllowedHosts {
  /** Host names (no port), lower case: the listening address, `localhost` on loopback, and every `--allowed-host`. */
  names: readonly string[];
  /** Also any IP address literal: set when listening on every interface (`0.0.0.0`, `::`). An address cannot be re-bound by DNS. */
  anyIpAddress?: boolean;
}

/** The host name of a `Host` header value (`name`, `name:port`, `[v6]:port`), lower case, without the port. */
export function hostNameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    return end === -1 ? trimmed : trimmed.slice(1, end);
  }
  const colon = trimmed.indexOf(":");
  return (colon === -1 ? trimmed : trimmed.slice(0, colon)).replace(/\.$/, "");
}

/** Whether a `Host` header value names the server. */
export function isAllowedHost(host: string, allowed: AllowedHosts): boolean {
  const name = hostNameOf(host);
  if (allowed.names.includes(name)) return true;
  return allowed.anyIpAddress === true && isIP(name) !== 0;
}

/** The allowed names for a listening address plus the operator's `--allowed-host` names. */
export function allowedHostsFor(listeningHost: string, extraNames: readonly string[] = []): AllowedHosts {
  const bound = hostNameOf(
    listeningHost.includes(":") && !listeningHost.startsWith("[") ? `[${listeningHost}]` : listeningHost,
  );
  const wildcard = bound === "0.0.0.0" || bound === "::" || bound === "";
  const loopback = bound === "localhost" || bound === "::1" || (isIP(bound) === 4 && bound.startsWith("127."));
  const names = new Set([bound, ...(loopback ? ["localhost"] : []), ...extraNames.map(hostNameOf)]);
  return { names: [...names], anyIpAddress: wildcard };
}

/**
 * Refuses (403 `HOST_NOT_ALLOWED`) a request whose `Host` is not the server's:
 * a web page on a name an attacker re-binds to 127.0.0.1 sends its own name as
 * `Host`, so it never reaches a route (DNS rebinding).
 */
export function checkHost(allowed: AllowedHosts): MiddlewareHandler {
  return async (c, next) => {
    const host = requestHeader(c, "host") ?? new URL(c.req.url).host;
    if (isAllowedHost(host, allowed)) return next();
    return c.json(
      {
        error: {
          code: SERVER_ERROR_CODES.HOST_NOT_ALLOWED,
          message: `the Host header ${JSON.stringify(host.slice(0, 100))} is not a name of this server; use the listening address${allowed.names.length > 0 ? ` (${allowed.names.join(", ")})` : ""}, or start it with --allowed-host ${JSON.stringify(hostNameOf(host).slice(0, 100))} if that name is yours`,
        },
      },
      403,
    );
  };
}
