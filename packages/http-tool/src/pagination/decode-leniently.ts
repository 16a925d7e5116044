/** A query pair or name as text (`+` as a space, percent-escapes decoded), or as it is when it is not valid percent-encoding. */
export function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
