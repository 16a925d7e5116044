import { findPathProblem, type PathRuleOptions } from "../request/path-problem";

/** Statuses that redirect and carry a `Location`. */
const redirectStatuses: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Most redirects followed for one call. */
export const maxRedirects = 5;

export function isRedirectStatus(status: number): boolean {
  return redirectStatuses.has(status);
}

/**
 * True when `target` stays on the source's origin (scheme, host and port) and
 * under its base path (`/v1` admits `/v1` and `/v1/...`, not `/v10`).
 */
export function isInSourceScope(target: URL, baseUrl: URL): boolean {
  if (target.origin !== baseUrl.origin) return false;
  const basePath = baseUrl.pathname.replace(/\/+$/, "");
  return basePath === "" || target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
}

/**
 * Why a redirect to `target` is not followed, or undefined when it may be:
 * it must stay on the source's origin and base path, and its raw path must
 * pass the same rules as an agent's path (`findPathProblem`), so that no
 * server or proxy on the way reads it as a path outside the base.
 */
export function redirectTargetProblem(target: URL, baseUrl: URL, options: PathRuleOptions = {}): string | undefined {
  if (!isInSourceScope(target, baseUrl))
    return `it leaves the source's origin or base path (${baseUrl.origin}${baseUrl.pathname})`;
  const problem = findPathProblem(target.pathname, options);
  return problem === undefined
    ? undefined
    : `its path ${problem.problem.replace(/;[^;]*$/, "")}, which may resolve outside the base path (${baseUrl.pathname})`;
}

/**
 * The method and body of the request that follows a redirect, with fetch's
 * semantics: 303 becomes GET (HEAD stays HEAD) without body; 301 and 302 turn
 * a POST into a body-less GET; 307 and 308 keep method and body.
 */
export function redirectedMethod(
  status: number,
  method: string,
  body: string | undefined,
): { method: string; body: string | undefined; dropsBody: boolean } {
  if (
    (status === 303 && method !== "HEAD" && method !== "GET") ||
    ((status === 301 || status === 302) && method === "POST")
  ) {
    return { method: "GET", body: undefined, dropsBody: true };
  }
  if (status === 303) return { method, body: undefined, dropsBody: body !== undefined };
  return { method, body, dropsBody: false };
}
