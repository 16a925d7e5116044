import { INVALID_CALL_REASONS, type InvalidCallReason } from "../errors/invalid-call-reasons";
import { serverReadingOf } from "./path-server-reading";

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
const encodedSemicolon = /%3b/gi;
// eslint-disable-next-line no-control-regex -- every character outside ASCII
const nonAscii = /[^\u0000-\u007f]/;

/**
 * The `.` or `..` a segment stands for, or undefined. A segment counts as a dot
 * segment when its part before the first `;` (literal or `%3b`) is `.` or `..`,
 * literal or percent-encoded (`%2e`): Tomcat and Jetty drop `;params` before
 * resolving dot segments, so `..;x` climbs one level there.
 */
function dotSegmentOf(rawSegment: string): string | undefined {
  const segment = rawSegment.replace(encodedSemicolon, ";");
  const semicolon = segment.indexOf(";");
  const name = (semicolon === -1 ? segment : segment.slice(0, semicolon)).replace(encodedDot, ".");
  return name === "." || name === ".." ? name : undefined;
}

/** Options of `findPathProblem`. */
export interface PathRuleOptions {
  /**
   * Accept spellings that only some server stacks turn into `/`, `\` or `..`:
   * double percent-encoding (`%252e`), overlong UTF-8 (`%c0%ae`) and
   * compatibility characters (U+FF0E, U+2024, U+2025, U+FF0F, U+FF3C). The
   * source's `api.allowAmbiguousPathEncodings`. Default false.
   */
  allowAmbiguousEncodings?: boolean;
}

/**
 * The first rule `pathPart` (a path without its query string) breaks, or
 * undefined. The one set of rules for agent paths and redirect targets alike:
 * no control characters or backslashes, no encoded `/` `\` or control
 * characters (a decoding proxy would turn them into real ones), and no dot
 * segments, including their `;` and percent-encoded spellings. Unless
 * `allowAmbiguousEncodings`, the same rules hold for the path as a server
 * that decodes twice, accepts overlong UTF-8 or folds look-alike characters
 * reads it (`serverReadingOf`).
 */
export function findPathProblem(
  pathPart: string,
  { allowAmbiguousEncodings = false }: PathRuleOptions = {},
): PathProblem | undefined {
  const problem = findLiteralPathProblem(pathPart);
  if (
    problem !== undefined ||
    allowAmbiguousEncodings ||
    (!pathPart.includes("%") && !pathPart.includes("..") && !nonAscii.test(pathPart))
  )
    return problem;
  const reading = serverReadingOf(pathPart);
  if (reading === pathPart) return undefined;
  const hidden = findLiteralPathProblem(reading);
  if (hidden === undefined) return undefined;
  return {
    reason: hidden.reason,
    problem: hidden.problem.replace(
      /;([^;]*)$/,
      `, as servers that decode twice or fold look-alike characters read it (${JSON.stringify(reading)});$1 (or set api.allowAmbiguousPathEncodings if this API needs such paths)`,
    ),
  };
}

function findLiteralPathProblem(pathPart: string): PathProblem | undefined {
  if (controlCharacter.test(pathPart))
    return { reason: INVALID_CALL_REASONS.CONTROL_CHARACTER, problem: "contains a control character; remove it" };
  if (pathPart.includes("\\"))
    return { reason: INVALID_CALL_REASONS.BACKSLASH, problem: 'contains a backslash; use "/" between segments' };
  if (encodedSeparator.test(pathPart)) {
    return {
      reason: INVALID_CALL_REASONS.ENCODED_SEPARATOR,
      problem: 'encodes a "/" or "\\" ("%2f", "%5c") in its path part; use real "/" between segments',
    };
  }
  if (encodedControl.test(pathPart)) {
    return {
      reason: INVALID_CALL_REASONS.CONTROL_CHARACTER,
      problem: "encodes a control character (%00-%1f, %7f) in its path part; remove it",
    };
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
