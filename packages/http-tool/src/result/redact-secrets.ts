import { secretForms } from "@src/auth";
import { secretSpellings } from "./secret-spellings";

/** Replaces secrets by `[REDACTED]`; see `createRedactor`. */
export interface Redactor {
  /** `value` with every form of every secret replaced by `[REDACTED]`. */
  redactText(value: string): string;
  /**
   * A copy of `value` with every string redacted, object keys included. Arrays
   * and plain objects are walked (cycles are kept as cycles); a number whose
   * digits contain a secret becomes a redacted string; other values are returned as they are.
   */
  redactDeep<T>(value: T): T;
  /**
   * True when `bytes` hold any form of any secret as UTF-8, Latin-1 or
   * UTF-16 (LE or BE) bytes. For bodies that are not decoded as text.
   */
  holdsSecretBytes(bytes: Uint8Array): boolean;
  /**
   * Length in characters of the longest form it looks for (0 without secrets):
   * a text cut anywhere can end with at most this many characters of a secret.
   */
  readonly longestForm: number;
  /** True when a secret is all digits: it may appear as a JSON number, which parsing can round. */
  readonly numericSecret: boolean;
  /** How many distinct non-empty secrets this redactor knows. */
  readonly size: number;
}

/** The marker that replaces a secret. */
export const REDACTED = "[REDACTED]";

const upperHex = /%[0-9A-F]{2}/g;
const nonAscii = /[\u007f-\uffff]/g;

/** `\uXXXX` for every non-ASCII UTF-16 unit (Python's `ensure_ascii`, PHP's `json_encode`). */
const escapeNonAscii = (json: string, hex: (code: string) => string): string =>
  json.replace(nonAscii, (character) => `\\u${hex(character.charCodeAt(0).toString(16).padStart(4, "0"))}`);

/** The HTML escapings servers use: `&` and `<` only, `&<>`, and every quote spelling. */
const htmlEscapings: ReadonlyArray<Readonly<Record<string, string>>> = [
  { "&": "&amp;", "<": "&lt;" },
  { "&": "&amp;", "<": "&lt;", ">": "&gt;" },
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" },
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" },
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" },
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" },
  { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" },
];

/** Go's `url.QueryEscape` and Python's `quote_plus`: all but `A-Z a-z 0-9 - _ . ~` escaped, `+` for space. */
function queryEscape(secret: string): string | undefined {
  try {
    return encodeURIComponent(secret)
      .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
      .replaceAll("%20", "+");
  } catch {
    return undefined;
  }
}

/**
 * The whole-string forms of `secret` searched for in binary bodies (as UTF-8,
 * Latin-1 and UTF-16 bytes; text is matched character by character, see
 * `secret-spellings.ts`): those of `secretForms` from `@src/auth`
 * (raw, percent-encoded, form-encoded, base64, base64url), plus Go's
 * `QueryEscape`, the percent forms with lower-case hex, unpadded base64, the JSON string escape with and
 * without `\/` and `\uXXXX` (either case) for non-ASCII, and HTML entities; each also lower- and upper-cased.
 */
function formsOf(secret: string): string[] {
  const forms = new Set(secretForms(secret));
  const query = queryEscape(secret);
  if (query !== undefined) forms.add(query);
  for (const form of [...forms]) {
    forms.add(form.replace(upperHex, (escape) => escape.toLowerCase()));
  }
  forms.add(Buffer.from(secret, "utf8").toString("base64").replace(/=+$/, ""));
  const json = JSON.stringify(secret).slice(1, -1);
  for (const escaped of [json, escapeNonAscii(json, (hex) => hex), escapeNonAscii(json, (hex) => hex.toUpperCase())]) {
    forms.add(escaped);
    forms.add(escaped.replaceAll("/", "\\/"));
  }
  if (/[&<>"']/.test(secret)) {
    for (const escaping of htmlEscapings)
      forms.add(secret.replace(/[&<>"']/g, (character) => escaping[character] ?? character));
  }
  // An upstream may echo a secret lower- or upper-cased (media types, some error messages).
  for (const form of [...forms]) {
    forms.add(form.toLowerCase());
    forms.add(form.toUpperCase());
  }
  forms.delete("");
  return [...forms].sort((left, right) => right.length - left.length);
}

/** The byte sequences of `form` in the encodings a binary body may carry it in. */
function byteFormsOf(form: string): Buffer[] {
  const utf16le = Buffer.from(form, "utf16le");
  const forms = [Buffer.from(form, "utf8"), utf16le, Buffer.from(utf16le).swap16()];
  // eslint-disable-next-line no-control-regex -- Latin-1 is exactly U+0000-U+00FF
  if (/^[\u0000-\u00ff]*$/.test(form)) forms.push(Buffer.from(form, "latin1"));
  return forms;
}

const isPlainObject = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * Creates a redactor for `secrets`. Empty strings are skipped; every other
 * secret, however short, is redacted, in every spelling of `secretSpellings`
 * (each character as itself, `%XX`, `\uXXXX`, `\/`, an HTML reference, in any
 * mixture; base64 and base64url at any alignment; hex). Overlapping or adjacent matches of
 * different secrets become one `[REDACTED]`, so no part of any secret is left.
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const distinct = [...new Set(secrets.filter((secret) => secret !== ""))];
  const forms = [...new Set(distinct.flatMap(formsOf))].sort((left, right) => right.length - left.length);
  // One pattern for the whole secret set, compiled once (the redactor cache keeps it per set):
  // longer secrets first, so that at one position the longest spelling is the one found.
  const spellings = [...distinct].sort((left, right) => right.length - left.length).map(secretSpellings);
  const pattern =
    spellings.length === 0 ? undefined : new RegExp(spellings.flatMap((spelling) => spelling.sources).join("|"), "g");
  const longestSpelling = spellings.reduce((longest, spelling) => Math.max(longest, spelling.longest), 0);

  const redactText = (value: string): string => {
    if (pattern === undefined || value === "") return value;
    const ranges: Array<[number, number]> = [];
    pattern.lastIndex = 0;
    for (let match = pattern.exec(value); match !== null; match = pattern.exec(value)) {
      ranges.push([match.index, match.index + match[0].length]);
      // Matches may overlap (two secrets, or two spellings of one): look again from the next character.
      pattern.lastIndex = match.index + 1;
    }
    if (ranges.length === 0) return value;
    let result = "";
    let cursor = 0;
    let end = -1;
    for (const [start, stop] of ranges) {
      if (start > end) {
        result += value.slice(cursor, start) + REDACTED;
        end = stop;
      } else if (stop > end) {
        end = stop;
      }
      cursor = end;
    }
    return result + value.slice(cursor);
  };

  let byteForms: Buffer[] | undefined;
  const holdsSecretBytes = (bytes: Uint8Array): boolean => {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; no form is empty, so no search could succeed here either
    if (forms.length === 0 || bytes.byteLength === 0) return false;
    byteForms ??= forms.flatMap(byteFormsOf);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return byteForms.some((form) => buffer.includes(form));
  };

  const walk = (value: unknown, seen: WeakMap<object, unknown>): unknown => {
    if (typeof value === "string") return redactText(value);
    if (typeof value === "number" || typeof value === "bigint") {
      const text = String(value);
      const redacted = redactText(text);
      return redacted === text ? value : redacted;
    }
    if (typeof value !== "object" || value === null) return value;
    const known = seen.get(value);
    if (known !== undefined) return known;
    if (Array.isArray(value)) {
      const copy: unknown[] = [];
      seen.set(value, copy);
      for (const item of value) copy.push(walk(item, seen));
      return copy;
    }
    if (!isPlainObject(value)) return value;
    const copy: Record<string, unknown> = {};
    seen.set(value, copy);
    for (const [key, item] of Object.entries(value)) {
      const name = redactText(key);
      // A "__proto__" key (an upstream's JSON may have one) stays a key instead of replacing the copy's prototype.
      if (name === "__proto__")
        Object.defineProperty(copy, name, {
          value: walk(item, seen),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else copy[name] = walk(item, seen);
    }
    return copy;
  };

  return {
    redactText,
    holdsSecretBytes,
    redactDeep: <T>(value: T): T => (forms.length === 0 ? value : (walk(value, new WeakMap()) as T)),
    longestForm: Math.max(
      longestSpelling,
      forms.reduce((longest, form) => Math.max(longest, form.length), 0),
    ),
    numericSecret: distinct.some((secret) => /^[0-9]+$/.test(secret)),
    size: distinct.length,
  };
}
