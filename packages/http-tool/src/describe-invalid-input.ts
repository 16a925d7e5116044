import type { z } from "zod";

/** Most issues listed in one message; the rest are counted. */
const maxListedIssues = 5;

/**
 * Turns the zod issues of a rejected tool call into one message an agent can
 * act on: each field path with what is wrong, then what a valid call looks
 * like. Input values are never quoted (they could be anything).
 */
export function describeInvalidInput(issues: readonly z.core.$ZodIssue[]): string {
  const listed = issues.slice(0, maxListedIssues).map((issue) => `${fieldOf(issue.path)}: ${issue.message}`);
  const more = issues.length > maxListedIssues ? `; and ${issues.length - maxListedIssues} more` : "";
  return `invalid call: ${listed.join("; ")}${more}. ${validCallHint}`;
}

/** What a valid call looks like, appended to schema errors. */
export const validCallHint =
  'Send an object such as {"method": "GET", "path": "/items", "query": {"limit": 1}}; ' +
  "put a JSON body in body, or a raw body string in _rawBody with its type in _contentType.";

function fieldOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "input";
  return path.map((segment) => (typeof segment === "number" ? `[${segment}]` : String(segment))).join(".");
}
