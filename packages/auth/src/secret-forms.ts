/**
 * Percent-encodes like `encodeURIComponent`, and also `!`, `'`, `(`, `)` and `*`
 * (RFC 3986 strict). A URL never re-encodes this form, so it is what ends up
 * in `url.href` when a plugin writes a value into the query this way.
 */
export function encodeUriComponentStrict(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function tryEncode(encode: (value: string) => string, value: string): string | undefined {
  try {
    return encode(value);
  } catch {
    // A lone surrogate cannot be percent-encoded; the raw form still covers it.
    return undefined;
  }
}

/**
 * The forms in which a secret can appear in a request, a URL or a log line:
 * raw, percent-encoded (`encodeURIComponent`, its RFC 3986 strict variant and
 * `application/x-www-form-urlencoded` with `+` for spaces), and base64 / base64url
 * of its UTF-8 bytes. Distinct values, longest first, so that replacing them in
 * order never leaves part of a longer form behind. An empty value has no forms.
 *
 * Base64 of a value is only found when the value was encoded on its own; a plugin
 * that encodes the secret together with other text (HTTP Basic) must list the
 * encoded result in `secretValues` itself.
 */
export function secretForms(value: string): string[] {
  if (value === "") return [];
  const bytes = Buffer.from(value, "utf8");
  const forms = [
    value,
    tryEncode(encodeURIComponent, value),
    tryEncode(encodeUriComponentStrict, value),
    new URLSearchParams({ value }).toString().slice("value=".length),
    bytes.toString("base64"),
    bytes.toString("base64url"),
  ];
  const distinct = [...new Set(forms.filter((form): form is string => form !== undefined && form !== ""))];
  return distinct.sort((left, right) => right.length - left.length);
}

/**
 * Replaces every form (see `secretForms`) of every given secret in `text` by
 * `replacement`.
 *
 * @param replacement the text put in place of a secret. Default `"[REDACTED]"`.
 */
export function redactSecretForms(text: string, secrets: readonly string[], replacement = "[REDACTED]"): string {
  const forms = [...new Set(secrets.flatMap(secretForms))].sort((left, right) => right.length - left.length);
  let result = text;
  for (const form of forms) result = result.split(form).join(replacement);
  return result;
}
