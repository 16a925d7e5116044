/**
 * The principal of the operator's own calls: `src call`, `src mcp`, and the server's admin token. A principal is who an
 * agent acts for; the others are `token:NAME` (a named agent token), `grant:NAME` (one person's consent on the embedded
 * authorization server) and `idp:SUB` (the `sub` of the team's identity provider's JWT).
 */
export const localPrincipal = "local";

/** What a principal may look like: 1 to 256 printable characters, no spaces or control characters. */
const principalPattern = /^[\x21-\x7e\u00a0-\uffff]{1,256}$/u;

/** Whether `value` can name a principal (`--principal P`, a connection's owner). */
export function isPrincipal(value: unknown): value is string {
  return typeof value === "string" && principalPattern.test(value);
}
