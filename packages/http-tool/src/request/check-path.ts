import { INVALID_CALL_REASONS } from "../errors/invalid-call-reasons";
import type { InvalidCallReason } from "../errors/invalid-call-reasons";
import { InvalidCallError } from "../errors/invalid-call-error";
import { findPathProblem, type PathRuleOptions } from "./path-problem";
import { quoteValue } from "./quote-value";

/** A checked agent path, split at its first `?`. */
export interface CheckedPath {
  /** The path part, always starting with `/` (`/` for an empty path). */
  pathname: string;
  /** The path's own query string without `?`, as the agent wrote it (may be empty). */
  search: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
const whitespace = /\s/u;
const scheme = /^[a-z][a-z0-9+.-]*:/i;
const badPercent = /%(?![0-9a-f]{2})/i;

/** `path` with everything after the base stripped, when it starts with the base URL. */
function relativeTo(path: string, baseUrl: URL): string | undefined {
  const base = `${baseUrl.origin}${baseUrl.pathname.replace(/\/$/, "")}`;
  if (!path.startsWith(base)) return undefined;
  const rest = path.slice(base.length);
  if (rest !== "" && !rest.startsWith("/") && !rest.startsWith("?")) return undefined;
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/**
 * Checks that an agent's `path` can only address something under the base URL,
 * and splits it. Throws `InvalidCallError` with the reason and the fix.
 */
export function checkPath(path: string, baseUrl: URL, options: PathRuleOptions = {}): CheckedPath {
  const base = baseUrl.href.replace(/\/$/, "");
  const fail = (reason: InvalidCallReason, problem: string): never => {
    throw new InvalidCallError({ reason, field: "path", message: `path ${quoteValue(path)} ${problem}` });
  };

  if (controlCharacter.test(path))
    fail(INVALID_CALL_REASONS.CONTROL_CHARACTER, "contains a control character; remove it");
  if (whitespace.test(path)) {
    fail(INVALID_CALL_REASONS.WHITESPACE, 'contains whitespace; percent-encode it ("%20") or pass the value in query');
  }
  if (path.includes("#"))
    fail(
      INVALID_CALL_REASONS.FRAGMENT,
      'contains "#"; fragments are never sent to a server, remove it (or encode a literal "#" as "%23")',
    );
  if (path.includes("\\")) fail(INVALID_CALL_REASONS.BACKSLASH, 'contains a backslash; use "/" between segments');
  if (path.startsWith("//")) {
    fail(
      INVALID_CALL_REASONS.SCHEME_RELATIVE,
      `starts with "//", which names another host; pass a path relative to the API base URL "${base}", such as "/users"`,
    );
  }
  if (scheme.test(path)) {
    const relative = relativeTo(path, baseUrl);
    fail(
      INVALID_CALL_REASONS.ABSOLUTE_URL,
      relative === undefined
        ? `is not relative to the API base URL "${base}"; this tool only calls that API: pass a path such as "/users" (start it with "/" if a ":" belongs in the path)`
        : `must be relative to the API base URL "${base}"; pass ${quoteValue(relative)} instead of ${quoteValue(path)}`,
    );
  }

  const questionMark = path.indexOf("?");
  const pathPart = questionMark === -1 ? path : path.slice(0, questionMark);
  const search = questionMark === -1 ? "" : path.slice(questionMark + 1);

  if (!pathPart.startsWith("/") && pathPart.split("/")[0]!.includes("@")) {
    fail(
      INVALID_CALL_REASONS.USERINFO,
      'has "@" before its first "/", which reads as user info of a URL; start the path with "/"',
    );
  }
  if (badPercent.test(path))
    fail(
      INVALID_CALL_REASONS.INVALID_PERCENT_ENCODING,
      'has a "%" not followed by two hex digits; encode a literal "%" as "%25"',
    );
  const problem = findPathProblem(pathPart, options);
  if (problem !== undefined) fail(problem.reason, problem.problem);

  return { pathname: pathPart.startsWith("/") ? pathPart : `/${pathPart}`, search };
}
