/**
 * How a server stack that decodes more than once, accepts overlong UTF-8 or
 * folds compatibility characters may read a raw path: `%25` unwrapped
 * (`%252e` → `%2e`), a segment of dots with trailing dots or spaces trimmed (`..%20` → `..`), overlong UTF-8 spellings of `.` `/` `\` read as those
 * characters, and characters whose compatibility form (NFKC) is `.` or holds
 * `/` or `\` (U+FF0E, U+2024, U+2025, U+FF0F, U+FF3C...), raw or
 * percent-encoded, replaced by that form (`/` and `\` as `%2f` and `%5c`).
 * The result is checked by the same rules as the path itself.
 */

/** Overlong UTF-8 spellings (2, 3 and 4 bytes) of `.`, `/` and `\`. */
const overlong: ReadonlyArray<[RegExp, string]> = [
  [/%c0%ae|%e0%80%ae|%f0%80%80%ae/gi, "."],
  [/%c0%af|%e0%80%af|%f0%80%80%af/gi, "%2f"],
  [/%c1%9c|%e0%81%9c|%f0%80%81%9c/gi, "%5c"],
];

/** A run of percent-encoded bytes of which at least one is not ASCII. */
const encodedNonAsciiRun = /(?:%[0-9a-f]{2})*%[89a-f][0-9a-f](?:%[0-9a-f]{2})*/gi;
const nonAscii = /[\u0080-\uffff]/;

/** A compatibility character as the server may read it: `.` or `..`, `%2f`, `%5c`, or itself. */
function foldCharacter(character: string): string {
  const folded = character.normalize("NFKC");
  if (folded.includes("/")) return "%2f";
  if (folded.includes("\\")) return "%5c";
  return /^\.+$/.test(folded) ? folded : character;
}

function foldCompatibility(text: string): string {
  return [...text].map((character) => (character.charCodeAt(0) < 0x80 ? character : foldCharacter(character))).join("");
}

/**
 * A segment of dots, spaces and their encodings that starts with a dot and is longer than `.` or `..`
 * (`..%20`, `..%2e`, `.. `, `.%20`, `...`): Windows and IIS trim trailing dots and spaces from a segment,
 * so it reads as a dot segment there. Matched up to a `;params` part; read as `..`.
 */
const trimmedDotSegment = /(^|\/)((?:\.|%2e)(?:\.|%2e|%20| )+)(?=[;/]|%3b|$)/gi;
const readAsDots = (match: string, before: string, segment: string): string =>
  /^(?:\.|%2e){1,2}$/i.test(segment) ? match : `${before}..`;

/** The path part as a server that decodes twice, trims trailing dots and spaces, or folds look-alike characters could read it; `pathPart` itself when nothing changes. */
export function serverReadingOf(pathPart: string): string {
  let reading = pathPart.replace(trimmedDotSegment, readAsDots);
  for (let round = 0; round < 3 && /%25[0-9a-f]{2}/i.test(reading); round += 1)
    reading = reading.replace(/%25(?=[0-9a-f]{2})/gi, "%");
  for (const [pattern, replacement] of overlong) reading = reading.replace(pattern, replacement);
  reading = reading.replace(encodedNonAsciiRun, (run) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(run);
    } catch {
      return run;
    }
    const folded = foldCompatibility(decoded);
    return folded === decoded ? run : folded;
  });
  return nonAscii.test(reading) ? foldCompatibility(reading) : reading;
}
