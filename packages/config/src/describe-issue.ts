import type { z } from "zod";
import type { SourceIssue } from "./errors/source-validation-error";

/** What to say when a top-level or base `api` field is missing. */
const requiredHints: Record<string, string> = {
  type: 'is required: set it to "api"',
  name: 'is required: a display name such as "GitHub"',
  slug: 'is required: a short identifier such as "github-api"',
  enabled: "is required: true or false",
  api: "is required: an object with baseUrl, authType and testEndpoint",
  "api.baseUrl": 'is required: an absolute URL such as "https://api.example.com/v1"',
  "api.testEndpoint": 'is required: a path such as "/me" or "/items?limit=1"',
};

const articles: Record<string, string> = {
  object: "a JSON object",
  record: "a JSON object",
  array: "an array",
  boolean: "a boolean (true or false)",
  int: "an integer",
  number: "a number",
  string: "a string",
};

/** Reads the value at `path` inside `root`, or `undefined` when any step is missing. */
export function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

export interface DescribeIssueOptions {
  /** Prefix of the path, e.g. `["api"]` for issues of a plugin's config schema. */
  readonly prefix?: readonly PropertyKey[];
  /** Keep messages a schema author wrote (an auth plugin's); only zod's generic "Invalid ..." messages are rewritten. Default `false`. */
  readonly keepCustomMessages?: boolean;
  /** The message for a missing field; when it gives `undefined`, the built-in hint for the path or `is required`. */
  readonly required?: (path: string) => string | undefined;
}

/**
 * Turns zod issues into `SourceIssue`s: a dotted path and a message that says
 * what to do. Never copies the input value into the message.
 */
export function describeIssues(
  issues: readonly z.core.$ZodIssue[],
  /** The value the issues' paths start from (without `prefix`). */
  root: unknown,
  options: DescribeIssueOptions = {},
): SourceIssue[] {
  const prefix = options.prefix ?? [];
  const described: SourceIssue[] = [];
  for (const issue of issues) {
    const fullPath = [...prefix, ...issue.path];
    const path = fullPath.length === 0 ? "(record)" : fullPath.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        described.push({
          path: path === "(record)" ? key : `${path}.${key}`,
          message: "is not a known field; remove it",
        });
      continue;
    }
    if (options.keepCustomMessages === true && !issue.message.startsWith("Invalid")) {
      described.push({ path, message: issue.message });
      continue;
    }
    const missing = issue.path.length > 0 && valueAt(root, issue.path) === undefined;
    if (missing && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
      described.push({ path, message: options.required?.(path) ?? requiredHints[path] ?? "is required" });
      continue;
    }
    if (issue.code === "invalid_type") {
      described.push({ path, message: `must be ${articles[issue.expected] ?? issue.expected}` });
      continue;
    }
    described.push({ path, message: issue.message });
  }
  return described;
}
