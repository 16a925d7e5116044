/**
 * The principal of the operator's own calls: `src call`, `src mcp`, and the server's admin token. A principal is who an
 * agent acts for; the others are `token:NAME` (a named agent token), `grant:NAME` (one person's consent on the embedded
 * authorization server) and `idp:SUB` (the `sub` of the team's identity provider's JWT).
 */
export const localPrincipal = "local";

/**
 * The name of an agent token (`src token create NAME`), and of a hosted agent's grant: 1 to 64 letters, digits, ".",
 * "_" or "-", starting with a letter or digit.
 */
export const agentTokenNamePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/**
 * Every principal: `local`, `token:NAME` and `grant:NAME` (NAME an agent token's or a grant's name), or `idp:SUB`, SUB
 * an identity provider's `sub`: 1 to 252 printable characters without spaces, so that the whole is a principal the
 * vault stores a connection for (1 to 256 printable characters, `assertPrincipal` of `@src/vault`).
 */
export const principalPattern =
  /^(?:local|(?:token|grant):[A-Za-z0-9][A-Za-z0-9._-]{0,63}|idp:[\x21-\x7e\u00a0-\uffff]{1,252})$/u;

/** What a principal looks like, for a refusal of something that is not one. */
export const principalForms =
  'local, token:NAME or grant:NAME (an agent token\'s or a grant\'s name: 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit), or idp:SUB (the sub of the identity provider\'s JWT: 1 to 252 printable characters, no spaces), e.g. idp:alice';

/** Whether `value` is a principal: `local`, `token:NAME`, `grant:NAME` or `idp:SUB` (`principalPattern`). */
export function isPrincipal(value: string): boolean {
  return principalPattern.test(value);
}
