/**
 * The spellings of one secret that an echoing API may send back, as regular
 * expression sources: each character of the secret may appear as itself, in
 * any `%XX` spelling (any case, also percent-encoded again), as `+` for a
 * space, as a JSON `\uXXXX` escape (any case) or short escape (`\/`, `\"`,
 * `\\`, `\n`...) behind any run of backslashes (JSON inside JSON strings), or
 * as an HTML/XML character reference (named, decimal or hex, leading zeros
 * allowed), each character independently and each letter in either case; plus base64 and base64url of the
 * secret at all three byte alignments (also lower- or upper-cased as a whole), and hex in either case.
 */

/** HTML named references of the ASCII characters that have one (HTML 5 names; XML's five among them). */
const htmlNames: Readonly<Record<string, readonly string[]>> = {
  "\t": ["Tab"],
  "\n": ["NewLine"],
  "!": ["excl"],
  '"': ["quot", "QUOT"],
  "#": ["num"],
  $: ["dollar"],
  "%": ["percnt"],
  "&": ["amp", "AMP"],
  "'": ["apos"],
  "(": ["lpar"],
  ")": ["rpar"],
  "*": ["ast", "midast"],
  "+": ["plus"],
  ",": ["comma"],
  ".": ["period"],
  "/": ["sol"],
  ":": ["colon"],
  ";": ["semi"],
  "<": ["lt", "LT"],
  "=": ["equals"],
  ">": ["gt", "GT"],
  "?": ["quest"],
  "@": ["commat"],
  "[": ["lsqb", "lbrack"],
  "\\": ["bsol"],
  "]": ["rsqb", "rbrack"],
  "^": ["Hat"],
  _: ["lowbar", "UnderBar"],
  "`": ["grave", "DiacriticalGrave"],
  "{": ["lcub", "lbrace"],
  "|": ["verbar", "vert", "VerticalLine"],
  "}": ["rcub", "rbrace"],
};

/** HTML names that browsers also read without the closing `;`. */
const legacyNames = new Set(["amp", "AMP", "lt", "LT", "gt", "GT", "quot", "QUOT"]);

/** JSON's short escapes. */
const jsonShortEscapes: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  "\b": "b",
  "\f": "f",
  "\n": "n",
  "\r": "r",
  "\t": "t",
};

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A hex number matched in any case: `2f` → `2[fF]`. */
function anyCaseHex(hex: string): string {
  return [...hex]
    .map((digit) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit))
    .join("");
}

const hexByte = (byte: number): string => anyCaseHex(byte.toString(16).padStart(2, "0"));

/** Longest backslash run accepted before a JSON escape: JSON nested this many levels deep. */
const maxBackslashes = 8;
/** Longest run of `%25` accepted in a percent escape: percent-encoded this many extra times. */
const maxPercentRepeats = 2;
/** Most leading zeros accepted in a numeric character reference. */
const maxLeadingZeros = 6;

/** The alternatives for one character (a code point), and the longest text any of them matches. */
function characterSpellings(character: string): { source: string; longest: number } {
  const alternatives: string[] = [];
  let longest = character.length;
  const add = (source: string, length: number): void => {
    alternatives.push(source);
    longest = Math.max(longest, length);
  };
  const bytes = Buffer.from(character, "utf8");
  add(
    [...bytes].map((byte) => `%(?:25){0,${maxPercentRepeats}}${hexByte(byte)}`).join(""),
    bytes.length * (3 + 2 * maxPercentRepeats),
  );
  if (character === " ") add("\\+", 1);
  const units = Array.from({ length: character.length }, (_, index) => character.charCodeAt(index));
  add(
    units.map((unit) => `\\\\{1,${maxBackslashes}}u${anyCaseHex(unit.toString(16).padStart(4, "0"))}`).join(""),
    units.length * (maxBackslashes + 5),
  );
  const short = jsonShortEscapes[character];
  // A backslash is `\` itself, or `\\`, `\\\\`... when escaped once or more.
  if (character === "\\") add(`\\\\{1,${maxBackslashes + 1}}`, maxBackslashes + 1);
  else if (short !== undefined) add(`\\\\{1,${maxBackslashes}}${escapeRegExp(short)}`, maxBackslashes + 1);
  const codePoint = character.codePointAt(0)!;
  const decimal = String(codePoint);
  const hex = codePoint.toString(16);
  add(`&#0{0,${maxLeadingZeros}}${decimal};?`, 3 + maxLeadingZeros + decimal.length);
  add(`&#[xX]0{0,${maxLeadingZeros}}${anyCaseHex(hex)};?`, 4 + maxLeadingZeros + hex.length);
  for (const name of htmlNames[character] ?? [])
    add(legacyNames.has(name) ? `&${name};?` : `&${name};`, name.length + 2);
  // The character as itself comes last: where an escape starts with it (`&amp;` for `&`), the escape is the match,
  // so a secret's last character leaves no tail of its escape (`amp;`) behind. In either letter case too: an
  // upstream that lower- or upper-cases what it echoes (media types, some error messages) still echoes the secret.
  if (character !== "\\") {
    for (const variant of new Set([character, character.toLowerCase(), character.toUpperCase()]))
      add(escapeRegExp(variant), variant.length);
  }
  return { source: `(?:${alternatives.join("|")})`, longest };
}

/** The base64 text that encodes `bytes` whatever surrounds them, when they start at byte offset 0, 1 or 2 of a larger blob. */
function base64Cores(bytes: Buffer): string[] {
  const cores: string[] = [];
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const core = encoded.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
    // Shorter cores would match ordinary words; short secrets keep their whole-string base64 forms.
    if (core.length >= 6) cores.push(core, core.replaceAll("+", "-").replaceAll("/", "_"));
  }
  const whole = bytes.toString("base64");
  cores.push(whole, whole.replace(/=+$/, ""), bytes.toString("base64url"));
  return cores.filter((core) => core !== "");
}

/** Regular expression sources for a secret, and the longest text they can match. */
export function secretSpellings(secret: string): { sources: string[]; longest: number } {
  const characters = [...secret].map(characterSpellings);
  const sources = [characters.map((character) => character.source).join("")];
  let longest = characters.reduce((total, character) => total + character.longest, 0);
  const bytes = Buffer.from(secret, "utf8");
  const literals = base64Cores(bytes).flatMap((core) => [core, core.toLowerCase(), core.toUpperCase()]);
  // Hex of a very short secret would match ordinary hex digits anywhere.
  if (bytes.length >= 4) sources.push(anyCaseHex(bytes.toString("hex")));
  sources.push(...[...new Set(literals)].map(escapeRegExp));
  longest = Math.max(longest, bytes.length * 2, ...literals.map((literal) => literal.length));
  return { sources, longest };
}
