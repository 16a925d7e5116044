import type { SourceRecord } from "@src/config";

/** Upper bound of a description, in UTF-8 bytes (agent APIs and MCP clients show about 1 KB well). */
export const maxToolDescriptionBytes = 1023;

/** Longest source name quoted in a description, in characters. */
const maxNameLength = 80;
/** Longest base URL quoted in a description, in characters. */
const maxBaseUrlLength = 200;

/**
 * The description an agent reads: what the API is, where it lives, that
 * authentication is automatic, how to send a raw body, and that results are
 * bounded; `policy` (from `describePolicy`) right after the first sentence. Always under 1 KB, whatever the source's name and base URL.
 */
export function describeApiTool(source: Pick<SourceRecord, "name" | "slug" | "api">, document?: { title: string; operations: number; toolName: string }, policy?: string): string {
  const name = shorten(source.name.replace(/\s+/g, " ").trim(), maxNameLength);
  const baseUrl = shorten(source.api.baseUrl, maxBaseUrlLength);
  const api = source.api as Record<string, unknown>;
  const scopes = Array.isArray(api.scopes) ? api.scopes.filter((scope): scope is string => typeof scope === "string") : [];
  const oauth =
    source.api.authType === "oauth2"
      ? `It uses OAuth 2.0 (${(typeof api.grant === "string" ? api.grant : "client_credentials").replace("_", " ")} grant)${scopes.length > 0 ? ` with the scopes ${shorten(scopes.join(" "), maxBaseUrlLength)}` : " with no scopes requested"}: only what those scopes allow will succeed.`
      : undefined;
  const text = [
    `Calls the REST API "${name}" (source "${source.slug}") at ${baseUrl}.`,
    // What the agent may do comes early: a long description is cut at its end.
    ...(policy === undefined ? [] : [policy]),
    ...(document === undefined
      ? []
      : [
          `Its OpenAPI document "${shorten(document.title.replace(/\s+/g, " ").trim(), maxNameLength)}" has ${document.operations} operations: find the one you need with ${document.toolName} (query or operationId) before calling; calls that do not fit the document are refused before sending.`,
        ]),
    'Give method and a path relative to that base URL (e.g. "/items?limit=1"), optionally query and a JSON body.',
    "Authentication is automatic: the service attaches the credential to every request. Never supply tokens, API keys, passwords or Authorization headers yourself.",
    ...(oauth === undefined ? [] : [oauth]),
    "For a non-JSON body (plain text, XML, form data) put the exact string in _rawBody and its media type in _contentType (e.g. application/x-www-form-urlencoded).",
    "Results are bounded: long bodies are cut (see truncated) and large responses are refused. Non-2xx statuses come back as results; failures carry error.code and whether a retry may help.",
    "When nextPath is set, pass it as path to get the next page.",
  ].join(" ");
  return limitBytes(text, maxToolDescriptionBytes);
}

function shorten(text: string, maxLength: number): string {
  const characters = [...text];
  return characters.length > maxLength ? `${characters.slice(0, maxLength - 1).join("")}…` : text;
}

function limitBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, "utf8") <= maxBytes) return text;
  let result = "";
  let size = Buffer.byteLength("…", "utf8");
  for (const character of text) {
    const characterSize = Buffer.byteLength(character, "utf8");
    if (size + characterSize > maxBytes) break;
    result += character;
    size += characterSize;
  }
  return `${result}…`;
}
