import { INVALID_CALL_REASONS, type InvalidCallReason } from "../errors/invalid-call-reasons";

/** Why a path part could leave the base path, and what to do instead. */
export interface PathProblem {
  reason: InvalidCallReason;
  /** Completes "path X ..." (or "redirect target X ..."): what is wrong and the fix. */
  problem: string;
}

// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;
const encodedSeparator = /%(2f|5c)/i;
const encodedControl = /%(0[0-9a-f]|1[0-9a-f]|7f)/i;
const encodedDot = /%2e/gi;

/**
 * The `.` or `..` a segment stands for, or undefined. A segment counts as a dot
 * segment when its part before the first `;` is `.` or `..`, literal or
 * percent-encoded (`%2e`): Tomcat and Jetty drop `;params` before resolving
 * dot segments, so `..;x` climbs one level there.
 */
function dotSegmentOf(segment: string): string | undefined {
  const semicolon = segment.indexOf(";");
  const name = (semicolon === -1 ? segment : segment.slice(0, semicolon)).replace(encodedDot, ".");
  return name === "." || name === ".." ? name : undefined;
}

/**
 * The first rule `pathPart` (a path without its query string) breaks, or
 * undefined. The one set of rules for agent paths and redirect targets alike:
 * no control characters or backslashes, no encoded `/` `\` or control
 * characters (a decoding proxy would turn them into real ones), and no dot
 * segments, including their `;` and percent-encoded spellings.
 */
export function findPathProblem(pathPart: string): PathProblem | undefined {
  if (controlCharacter.test(pathPart)) return { reason: INVALID_CALL_REASONS.CONTROL_CHARACTER, problem: "contains a control character; remove it" };
  if (pathPart.includes("\\")) return { reason: INVALID_CALL_REASONS.BACKSLASH, problem: 'contains a backslash; use "/" between segments' };
  if (encodedSeparator.test(pathPart)) {
    return { reason: INVALID_CALL_REASONS.ENCODED_SEPARATOR, problem: 'encodes a "/" or "\\" ("%2f", "%5c") in its path part; use real "/" between segments' };
  }
  if (encodedControl.test(pathPart)) {
    return { reason: INVALID_CALL_REASONS.CONTROL_CHARACTER, problem: "encodes a control character (%00-%1f, %7f) in its path part; remove it" };
  }
  if (!pathPart.includes(".") && !pathPart.includes("%")) return undefined;
  for (const segment of pathPart.split("/")) {
    const dot = dotSegmentOf(segment);
    if (dot !== undefined) {
      return {
        reason: INVALID_CALL_REASONS.DOT_SEGMENT,
        problem: `has a "${segment}" segment, which servers read as "${dot}"; give the full path from the API base URL without "." or ".." segments`,
      };
    }
  }
  return undefined;
}
