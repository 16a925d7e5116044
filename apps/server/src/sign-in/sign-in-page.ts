/** Headers of the sign-in redirect's page: never cached, never framed, no script, no referrer (its URL held the code). */
const pageHeaders = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
} as const;

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character]!);

/** The page a browser shows after the sign-in redirect: a title and lines of plain text, escaped. */
export function signInPage(status: number, title: string, lines: readonly string[]): Response {
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>src: ${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em}</style><h1>${escapeHtml(title)}</h1>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}</html>\n`;
  return new Response(body, { status, headers: pageHeaders });
}
