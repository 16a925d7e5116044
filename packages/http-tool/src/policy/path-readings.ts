import { serverReadingOf } from "../request/path-server-reading";

/** The path of `url` relative to the base URL's path, starting with `/` (the base itself is `/`). */
export function relativePathOf(url: URL, baseUrl: URL): string {
  const basePath = baseUrl.pathname.replace(/\/$/, "");
  const rest = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
  return rest.startsWith("/") ? rest : `/${rest}`;
}

function decodeSegments(path: string): string {
  if (!path.includes("%")) return path;
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/** Matrix parameters (`;v=1`) dropped from every segment, as Tomcat and Jetty read a path. */
const withoutParameters = (path: string): string => (path.includes(";") ? path.replace(/;[^/]*/g, "") : path);

/** Repeated slashes merged and a trailing slash dropped, as many servers route a path. */
function tidy(path: string): string {
  const merged = path.includes("//") ? path.replace(/\/{2,}/g, "/") : path;
  return merged.length > 1 && merged.endsWith("/") ? merged.slice(0, -1) : merged;
}

/** Each segment without its trailing dots and spaces, as Windows and IIS read a path (`/admin./x` is `/admin/x`). */
function trailingDotsAndSpacesTrimmed(path: string): string {
  if (!/[. ](?:\/|$)/.test(path)) return path;
  return tidy(path.replace(/[. ]+(?=\/|$)/g, ""));
}

/** How the policy reads one relative path: the one canonical form allow rules must match, and every form deny and confirm rules look at. */
export interface PathReadings {
  /** Percent-decoded, matrix parameters dropped, slashes merged, no trailing slash. */
  readonly canonical: string;
  /** The path as sent and as the servers that decode, drop `;params`, merge slashes or fold look-alike characters read it; the canonical form included. */
  readonly all: readonly string[];
}

/**
 * The readings of a relative path (already confined: no dot segments, no
 * encoded `/`). A deny rule that any reading matches refuses the call, so a
 * percent-encoded letter, a `;x` or a doubled slash does not slip past it;
 * an allow rule is matched against the canonical reading.
 */
export function pathReadingsOf(relativePath: string): PathReadings {
  const decoded = decodeSegments(relativePath);
  const canonical = tidy(withoutParameters(decoded));
  const all = readingsOf(relativePath, decoded, canonical);
  const trimmed = trailingDotsAndSpacesTrimmed(canonical);
  // `/admin./x` and `/admin%20/x` are `/admin/x` to a server that trims them: deny and confirm rules see that too.
  return trimmed === canonical ? { canonical, all } : { canonical, all: [...new Set([...all, trimmed])] };
}

function readingsOf(relativePath: string, decoded: string, canonical: string): string[] {
  if (canonical === relativePath) return [canonical];
  const folded = serverReadingOf(relativePath);
  const readings = new Set([
    relativePath,
    tidy(relativePath),
    decoded,
    tidy(decoded),
    withoutParameters(decoded),
    canonical,
  ]);
  if (folded !== relativePath) readings.add(tidy(withoutParameters(decodeSegments(folded))));
  return [...readings];
}
