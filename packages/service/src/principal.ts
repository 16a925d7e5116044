/**
 * The principal of the operator's own calls: `src call`, `src mcp`, and the server's admin token. A principal is who an
 * agent acts for; the others are `token:NAME` (a named agent token), `grant:NAME` (one person's consent on the embedded
 * authorization server) and `idp:SUB` (the `sub` of the team's identity provider's JWT).
 */
export const localPrincipal = "local";
