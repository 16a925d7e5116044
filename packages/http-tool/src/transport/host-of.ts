/** `host:port` of a URL, for messages (the text itself when it does not parse). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
