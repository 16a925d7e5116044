import type { Redactor } from "./redact-secrets";
import type { ToolResult, ToolResultBody } from "./tool-result";
import { findJsonError } from "./find-json-error";
import { isVerbatimJson } from "./is-verbatim-json";
import { cutText, jsonTruncation, truncateJson } from "./truncate-json";

/** Sixteen digits in a row: an integer JSON.parse may round. */
const longInteger = /[0-9]{16}/;

/** Binary bodies up to this size are handed over as base64. */
export const maxInlineBinaryBytes = 4 * 1024;

/** What `shapeResultBody` needs. */
export interface ShapeBodyInput {
  bytes: Uint8Array;
  /** The response `Content-Type`, or null. */
  contentType: string | null;
  /** True when reading stopped at `maxResponseBytes`. */
  cut: boolean;
  /** The declared `Content-Length`, when given. */
  declaredLength: number | null;
  maxResultChars: number;
  /**
   * True when the bytes are still content-encoded (a coding the executor does
   * not decode): only type and size are shown, never base64, since the agent
   * could decode what the redactor cannot see. Default false.
   */
  encoded?: boolean;
  /** Redacts every secret form; a cut body also loses `redactor.longestForm` characters at its end, so no partial secret shows. */
  redactor: Redactor;
  /**
   * Receives the whole body, redacted, when it was cut to `maxResultChars`
   * (JSON as its serialization), so it can be kept and read on by reference.
   * Not called for a body stopped at `maxResponseBytes` (its end was never read).
   */
  onCut?: ((whole: WholeBody) => void) | undefined;
}

/** A whole body that was cut for the agent: JSON as text, or text. Redacted. */
export interface WholeBody {
  kind: "json" | "text";
  text: string;
}

/** The body part of a `ToolResult`. */
export interface ShapedBody {
  body: ToolResultBody;
  truncated?: ToolResult["truncated"];
  note?: string;
}

type BodyKind = "json" | "text" | "binary";

/** JSON for `application/json` and `+json`; text for `text/*`, XML, JavaScript and form data; binary otherwise. */
export function bodyKindOf(mediaType: string): BodyKind {
  if (mediaType === "application/json" || mediaType.endsWith("+json") || mediaType === "text/json") return "json";
  if (mediaType.startsWith("text/")) return "text";
  if (mediaType.endsWith("/xml") || mediaType.endsWith("+xml")) return "text";
  if (mediaType.includes("javascript") || mediaType === "application/x-www-form-urlencoded") return "text";
  if (mediaType === "application/graphql" || mediaType === "application/yaml" || mediaType === "application/x-ndjson")
    return "text";
  return "binary";
}

const utf8 = new TextDecoder("utf-8");

/** The `charset` parameter of a content type, lower-cased, or undefined. */
function charsetOf(contentType: string): string | undefined {
  return contentType.includes("charset")
    ? /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1]?.toLowerCase()
    : undefined;
}

/** UTF-16 and UTF-32 text is not decoded: mislabelled bytes would decode to text that re-encodes to a secret. */
const wideCharset = /^(utf-?16|utf-?32|ucs-?2|ucs-?4|unicode)/;

function decode(bytes: Uint8Array, contentType: string): string {
  const charset = charsetOf(contentType);
  if (charset === undefined || charset === "utf-8" || charset === "utf8") return utf8.decode(bytes);
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return utf8.decode(bytes);
  }
}

/** Looks like text when it decodes as UTF-8 without NUL or other control bytes. */
function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 1024);
  for (const byte of sample) if (byte < 9 || (byte > 13 && byte < 32 && byte !== 27)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample.length < bytes.length ? bytes.subarray(0, 1020) : bytes);
    return true;
  } catch {
    return false;
  }
}

function shapeText(text: string, maxResultChars: number, onCut?: (whole: WholeBody) => void): ShapedBody {
  if (text.length <= maxResultChars) return { body: { kind: "text", value: text } };
  onCut?.({ kind: "text", text });
  return {
    body: { kind: "text", value: cutText(text, maxResultChars) },
    truncated: {
      originalSize: text.length,
      unit: "chars",
      note: `text cut to ${maxResultChars} characters (api.maxResultChars)`,
    },
  };
}

/**
 * Turns the bytes read into what the agent sees: parsed JSON (structurally
 * truncated to `maxResultChars`), text (cut to `maxResultChars`), or for binary
 * only its type and size (base64 when at most 4 KiB and free of secrets). Every
 * secret form is redacted: in text as read, in JSON wherever it parsed to.
 */
export function shapeResultBody({
  bytes,
  contentType,
  cut,
  declaredLength,
  maxResultChars,
  encoded = false,
  redactor,
  onCut,
}: ShapeBodyInput): ShapedBody {
  if (bytes.byteLength === 0) return { body: { kind: "empty" } };
  const mediaType = (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (encoded)
    return {
      body: {
        kind: "binary",
        contentType: redactor.redactText(mediaType) || "application/octet-stream",
        size: cut ? (declaredLength ?? bytes.byteLength) : bytes.byteLength,
      },
    };
  const kind: BodyKind = mediaType === "" ? (looksLikeText(bytes) ? "text" : "binary") : bodyKindOf(mediaType);

  const charset = kind === "binary" ? undefined : charsetOf(contentType ?? "");
  if (kind === "binary" || (charset !== undefined && wideCharset.test(charset))) {
    const size = cut ? (declaredLength ?? bytes.byteLength) : bytes.byteLength;
    const body: ToolResultBody = {
      kind: "binary",
      contentType: redactor.redactText(mediaType) || "application/octet-stream",
      size,
    };
    if (kind !== "binary")
      return {
        body,
        note: `text in charset ${redactor.redactText(charset ?? "")} is not shown (only its type and size); ask the API for UTF-8`,
      };
    if (cut || bytes.byteLength > maxInlineBinaryBytes) return { body };
    // Searched as bytes: a secret may sit in the body as UTF-8, Latin-1 or UTF-16, in any of its forms.
    if (redactor.holdsSecretBytes(bytes))
      return { body, note: "binary body not shown as base64: it contains the credential" };
    body.base64 = Buffer.from(bytes).toString("base64");
    return { body };
  }

  if (cut) {
    // Only the beginning is shown: decode no more than it needs (4 bytes per character at most),
    // and drop the end, where any form of a secret (the longest is percent-encoded CJK, 9 times
    // the secret's length) may have been cut in two.
    const guard = redactor.longestForm;
    const decoded = decode(bytes.subarray(0, (maxResultChars + guard) * 4), contentType ?? "");
    const guarded = decoded.slice(0, Math.max(0, decoded.length - guard));
    const shaped = shapeText(redactor.redactText(guarded), maxResultChars);
    const what =
      kind === "json"
        ? "declared JSON but cut, so it cannot be parsed; showing its beginning as text"
        : "showing its beginning";
    return {
      body: shaped.body,
      truncated: {
        originalSize: declaredLength,
        unit: "bytes",
        note: `response stopped at api.maxResponseBytes (${bytes.byteLength} bytes); ${what}`,
      },
    };
  }
  const decoded = decode(bytes, contentType ?? "");
  if (kind === "text") return shapeText(redactor.redactText(decoded), maxResultChars, onCut);
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoded);
  } catch {
    // Only where it failed: JSON.parse's message quotes the text around the error, which may be part of a secret.
    const position = findJsonError(decoded);
    const reason =
      position === undefined ? "invalid JSON" : `syntax error at line ${position.line}, column ${position.column}`;
    const shaped = shapeText(redactor.redactText(decoded), maxResultChars, onCut);
    return { ...shaped, note: `declared JSON but did not parse (${reason}); shown as text` };
  }
  const redactedText = redactor.size === 0 ? decoded : redactor.redactText(decoded);
  // A digits-only secret next to an integer of 16+ digits may be (part of) that number, which
  // parsing rounds: the parsed value no longer matches the secret but holds most of its digits.
  if (redactor.numericSecret && redactedText !== decoded && longInteger.test(decoded)) {
    return {
      ...shapeText(redactedText, maxResultChars, onCut),
      note: "JSON shown as redacted text: it holds the credential, which is all digits and may stand as a number",
    };
  }
  // Fast path: when every value appears verbatim in the text, the text shows every secret the
  // parsed value could hold, and the serialization is no longer than the text.
  if (decoded.length <= maxResultChars && isVerbatimJson(decoded) && redactedText === decoded) {
    return { body: { kind: "json", value: parsed } };
  }
  // Every key and value is redacted on its own, strings inside strings included (a JSON
  // document inside a string keeps its escapes, which the redactor matches at any depth).
  const value = redactor.size > 0 ? redactor.redactDeep(parsed) : parsed;
  const serialized = JSON.stringify(value) ?? "null";
  const result = truncateJson(value, maxResultChars, serialized);
  if (!result.truncated) return { body: { kind: "json", value } };
  onCut?.({ kind: "json", text: serialized });
  return {
    body: { kind: "json", value: result.value },
    truncated: jsonTruncation(result.originalChars, maxResultChars),
  };
}
