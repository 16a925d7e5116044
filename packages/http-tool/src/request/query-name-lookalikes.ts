/**
 * The names a server may read a query parameter name as, under the usual
 * normalisations: case folded, leading and trailing whitespace trimmed (PHP
 * drops leading spaces; frameworks trim), a trailing `[...]` dropped (PHP,
 * Rails and qs arrays: `api_key[]`), `.`, space and an unclosed `[` read as `_`
 * (PHP folds `api[key`, `api.key` and `api key` into `api_key`), trailing NULs
 * cut (C string handling), and `;` as a pair separator (so `x;api_key` also
 * names `api_key`). An agent name that reads as the credential's parameter name is
 * refused, so that no stack can take the agent's value for the credential.
 */
export function lookAlikeNamesOf(name: string): string[] {
  return name.split(";").map((part) =>
    part
      .toLowerCase()
      // eslint-disable-next-line no-control-regex -- a trailing NUL is what this finds
      .replace(/\u0000+$/, "")
      .trim()
      .replace(/\[[^\]]*\]$/, "")
      .replace(/[. []/g, "_"),
  );
}

/**
 * The decoded parameter names of a query string as servers may split it: at
 * `&` and at `;`, `+` read as a space, percent-decoded.
 */
export function lookAlikeQueryNames(search: string): string[] {
  if (search === "") return [];
  return search.split(/[&;]/).flatMap((pair) => {
    if (pair === "") return [];
    const name = pair.split("=", 1)[0]!.replace(/\+/g, " ");
    let decoded: string;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      decoded = name;
    }
    return lookAlikeNamesOf(decoded);
  });
}
