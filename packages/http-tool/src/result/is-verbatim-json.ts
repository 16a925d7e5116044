/**
 * A backslash; a digit followed by a fraction or an exponent (a number whose
 * serialization may differ from its text); or sixteen digits in a row (an
 * integer that may lose precision and be serialized differently). One pattern,
 * so the text is scanned once: this runs on every JSON response.
 */
const notVerbatim = /\\|[0-9](?:[.eE]|[0-9]{15})/;

/**
 * True when `text` (valid JSON) parses to values that each appear in it
 * verbatim, so that `JSON.stringify(JSON.parse(text))` is no longer than
 * `text` and every key, string and number it holds is a substring of `text`:
 * no backslash (so no escape sequence), and no number other than an integer
 * of at most 15 digits (those serialize exactly as written). Conservative: a
 * string such as `"v1.2"` also answers false, which only means "check the
 * long way".
 */
export function isVerbatimJson(text: string): boolean {
  return !notVerbatim.test(text);
}
