import { isIP } from "node:net";

/**
 * True for an address that listens on every interface: `0.0.0.0`, `::` (also written `[::]` or in full) and the empty
 * host. No browser opens a link to one, so the server names another address in links people follow.
 */
export function isEveryInterfaceHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare === "" || bare === "0.0.0.0") return true;
  return isIP(bare) === 6 && /^[0:]+$/.test(bare);
}
