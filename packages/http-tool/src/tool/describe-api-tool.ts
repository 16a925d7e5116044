import type { SourceRecord } from "@src/config";

/** Upper bound of a description, in UTF-8 bytes (agent APIs and MCP clients show about 1 KB well). */
export const maxToolDescriptionBytes = 1023;

/** Longest source name quoted in a description, in characters. */
const maxNameLength = 80;
/** Longest base URL quoted in a description, in characters. */
const maxBaseUrlLength = 200;
/** Longest line an auth plugin adds, in characters. */
const maxAuthDescriptionLength = 300;

/**
 * The description an agent reads: what the API is, where it lives, that
 * authentication is automatic (and what the auth plugin says the agent should
 * know about it, `authDescription`), how to send a raw body, and that results
 * are bounded. Always under 1 KB, whatever the source's name and base URL.
 */
export function describeApiTool(source: Pick<SourceRecord, "name" | "slug" | "api">, document?: { title: string; operations: number; toolName: string }, authDescription?: string): string {
  const name = shorten(source.name.replace(/\s+/g, " ").trim(), maxNameLength);
  const baseUrl = shorten(source.api.baseUrl, maxBaseUrlLength);
  const text = [
    `Calls the REST API "${name}" (source "${source.slug}") at ${baseUrl}.`,
    ...(document === undefined
      ? []
      : [
          `Its OpenAPI document "${shorten(document.title.replace(/\s+/g, " ").trim(), maxNameLength)}" has ${document.operations} operations: find the one you need with ${document.toolName} (query or operationId) before calling; calls that do not fit the document are refused before sending.`,
        ]),
    'Give method and a path relative to that base URL (e.g. "/items?limit=1"), optionally query and a JSON body.',
    "Authentication is automatic: the service attaches the credential to every request. Never supply tokens, API keys, passwords or Authorization headers yourself.",
    ...(authDescription === undefined ? [] : [shorten(authDescription.replace(/\s+/g, " ").trim(), maxAuthDescriptionLength)]),
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
