import type { SourceRecord } from "@src/config";

/** Upper bound of a description, in UTF-8 bytes (agent APIs and MCP clients show about 1 KB well). */
export const maxToolDescriptionBytes = 1023;

/** Longest source name quoted in a description, in characters. */
const maxNameLength = 80;
/** Longest base URL quoted in a description, in characters. */
const maxBaseUrlLength = 200;
/** Longest line an auth plugin adds, in characters. */
const maxAuthDescriptionLength = 300;

/** What the source's auth plugin says about it: its line for the agent (`describe(config)`), and whether a person can sign in. */
export interface ApiToolAuth {
  /** The plugin's `describe(config)`, when it has one. */
  readonly description?: string | undefined;
  /** Whether an operator can sign the source in again (a mode with sign-in steps that needs a person). */
  readonly canSignIn?: boolean | undefined;
}

/**
 * What the agent must know about a source whose last validation failed: its status, that an operator must act,
 * and that it should tell its user rather than retry. `undefined` for a source that is connected or not tested.
 */
function statusSentence(
  source: { status?: Pick<SourceRecord["status"], "connectionStatus"> | undefined },
  auth: ApiToolAuth,
): string | undefined {
  const status = source.status?.connectionStatus;
  const instead = "tell your user instead of retrying.";
  if (status === "needs_auth") {
    const signIn = auth.canSignIn === true ? "signs in again or stores a new credential" : "stores a new credential";
    return `Status: needs_auth (the API refused the stored credential at the last check): calls fail until an operator ${signIn}; ${instead}`;
  }
  if (status === "failed")
    return `Status: failed (the last check of this API failed): calls may fail until an operator fixes the source or the API is back; if they do, ${instead}`;
  return undefined;
}

/**
 * The description an agent reads: what the API is, where it lives, that a
 * call is a method and a path under that URL, its status when the last check
 * failed (and what the operator must do), that authentication is automatic,
 * what its auth plugin says the agent should know (`describe(config)`: OAuth 2.0's
 * scopes), the document's operations tool, and that long results can be narrowed.
 * Short (about 300 bytes, a status adds about 150), since every source lists
 * one: what every call tool shares is said once, in `apiToolInstructions`.
 * `policy` (from `describePolicy`: what the source's policy allows) comes
 * right after the first sentence, so a cut never drops it. Always under 1 KB,
 * whatever the source's name and base URL.
 */
export function describeApiTool(
  source: Pick<SourceRecord, "name" | "slug" | "api"> & {
    status?: Pick<SourceRecord["status"], "connectionStatus"> | undefined;
  },
  document?: { title: string; operations: number; toolName: string },
  policy?: string,
  auth: ApiToolAuth = {},
): string {
  const name = shorten(source.name.replace(/\s+/g, " ").trim(), maxNameLength);
  const baseUrl = shorten(source.api.baseUrl, maxBaseUrlLength);
  const status = statusSentence(source, auth);
  const authLine =
    auth.description === undefined
      ? undefined
      : shorten(auth.description.replace(/\s+/g, " ").trim(), maxAuthDescriptionLength);
  const text = [
    `Calls the REST API "${name}" (source "${source.slug}") at ${baseUrl} with a method and a path under that URL.`,
    ...(policy === undefined ? [] : [policy]),
    ...(status === undefined ? [] : [status]),
    "Authentication is automatic: never send tokens, keys or passwords.",
    ...(authLine === undefined || authLine === "" ? [] : [authLine]),
    ...(document === undefined
      ? []
      : [`Search its ${document.operations} operations with ${document.toolName} first.`]),
    "Long results: select (JMESPath), paginate, resultRef.",
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
