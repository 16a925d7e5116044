import type { RequestHandler } from "express";

/** One issue of the schema the SDK's handler checked the request with, as its `error_description` lists them. */
interface SchemaIssue {
  readonly path?: unknown;
  readonly message?: unknown;
}

/** The issues an `error_description` holds when it is the SDK's schema issues as JSON, else `undefined`. */
function schemaIssuesOf(description: string): SchemaIssue[] | undefined {
  if (!/^\s*\[/.test(description)) return undefined;
  try {
    const parsed: unknown = JSON.parse(description);
    return Array.isArray(parsed) && parsed.every((issue) => typeof issue === "object" && issue !== null)
      ? (parsed as SchemaIssue[])
      : undefined;
  } catch {
    return undefined;
  }
}

/** `code_verifier: is required`, `redirect_uris: Invalid input: expected array, received string`. */
function sentenceOf(issue: SchemaIssue, wholeBody: string): string {
  const path = Array.isArray(issue.path) ? issue.path.map(String).join(".") : "";
  const message = typeof issue.message === "string" ? issue.message : "is not valid";
  const missing = /received undefined$/.test(message);
  if (path === "") return missing ? `the request has no body: ${wholeBody}` : `the request's body: ${message}`;
  return `${path}: ${missing ? "is required" : message}`;
}

/**
 * Express middleware before one of the SDK's OAuth handlers (`/token`, `/register`): an `invalid_request` or
 * `invalid_client_metadata` whose `error_description` is the handler's schema issues as JSON is answered instead
 * with a sentence naming each parameter and what to send (`hint`), as the authorization endpoint's errors are.
 */
export function schemaIssueSentences(hint: string, wholeBody: string): RequestHandler {
  return (_request, response, next) => {
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      const description = (body as { error_description?: unknown } | null)?.error_description;
      const issues = typeof description === "string" ? schemaIssuesOf(description) : undefined;
      if (issues === undefined || issues.length === 0) return json(body);
      const named = issues.map((issue) => sentenceOf(issue, wholeBody)).join("; ");
      return json({ ...(body as object), error_description: `${named}; ${hint}` });
    };
    next();
  };
}
