/** What a person is asked to confirm: never a secret (the credential is not even read yet), never a body's values. */
export interface ConfirmationRequest {
  /** The source's slug and display name. */
  readonly source: string;
  readonly sourceName: string;
  /** Upper case. */
  readonly method: string;
  /** The path relative to the base URL, without the query string. */
  readonly path: string;
  /** The query parameter names, without their values. */
  readonly queryNames: readonly string[];
  /** A short summary of the body: its kind, top-level keys and size, never its values. `"none"` without one. */
  readonly bodySummary: string;
  /** The `confirm` rule that matched. */
  readonly rule: string;
}

/** A person's answer: `accepted` sends the call; `declined` and `cancelled` send nothing. */
export type ConfirmationAnswer = "accepted" | "declined" | "cancelled";

/**
 * Asks a person to confirm a call: MCP elicitation, a yes/no in a terminal.
 * Where no person can be asked, give none: a call matching a confirm rule is
 * then refused with `CONFIRMATION_REQUIRED`.
 */
export type Confirmer = (
  request: ConfirmationRequest,
  options: { signal?: AbortSignal | undefined },
) => Promise<ConfirmationAnswer>;

const maxKeys = 8;

/** The body in a few words: `JSON object with keys title, body (52 bytes)`, `text/xml body (120 bytes)`, `none`. */
export function summarizeBody(call: {
  body?: unknown;
  _rawBody?: string | undefined;
  _contentType?: string | undefined;
}): string {
  if (call._rawBody !== undefined)
    return `${call._contentType ?? "text/plain"} body (${Buffer.byteLength(call._rawBody, "utf8")} bytes)`;
  if (call.body === undefined) return "none";
  const size = Buffer.byteLength(JSON.stringify(call.body) ?? "", "utf8");
  if (Array.isArray(call.body)) return `JSON array of ${call.body.length} item(s) (${size} bytes)`;
  if (typeof call.body === "object" && call.body !== null) {
    const keys = Object.keys(call.body);
    const shown = keys.slice(0, maxKeys).map((key) => (key.length > 40 ? `${key.slice(0, 39)}…` : key));
    return `JSON object with ${keys.length === 0 ? "no keys" : `keys ${shown.join(", ")}${keys.length > maxKeys ? `, … (${keys.length} in all)` : ""}`} (${size} bytes)`;
  }
  return `JSON ${call.body === null ? "null" : typeof call.body} (${size} bytes)`;
}
