import { isIP } from "node:net";

/** True for `localhost`, any 127.0.0.0/8 address and `::1` (also written `[::1]`). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  if (isIP(bare) === 6)
    return bare === "::1" || /^(0{1,4}:){7}0{0,3}1$/.test(bare) || bare.toLowerCase() === "::ffff:127.0.0.1";
  return false;
}
