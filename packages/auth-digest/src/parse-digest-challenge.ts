/** The parameters of one `Digest` challenge of a `WWW-Authenticate` header, names lower-cased. */
export type DigestChallengeParameters = Readonly<Record<string, string>>;

/**
 * Splits a `WWW-Authenticate` value (RFC 9110 11.6.1: one or more challenges,
 * `scheme` then `token68` or comma-separated `name=value` auth-params, values
 * tokens or quoted-strings with backslash escapes) and returns the parameters of
 * each `Digest` challenge. Anything it cannot read ends that challenge.
 */
export function parseDigestChallenges(header: string): DigestChallengeParameters[] {
  const challenges: Record<string, string>[] = [];
  let current: Record<string, string> | undefined;
  let index = 0;
  const skip = (pattern: RegExp): void => {
    while (index < header.length && pattern.test(header[index]!)) index += 1;
  };
  const token = (): string => {
    const match = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/.exec(header.slice(index));
    index += match?.[0].length ?? 0;
    return match?.[0] ?? "";
  };
  while (index < header.length) {
    skip(/[\s,]/);
    const name = token();
    if (name === "") {
      index += 1;
      continue;
    }
    skip(/[ \t]/);
    if (header[index] !== "=") {
      // A new scheme (the next challenge) starts here.
      current = name.toLowerCase() === "digest" ? {} : undefined;
      if (current !== undefined) challenges.push(current);
      continue;
    }
    index += 1;
    skip(/[ \t]/);
    let value = "";
    if (header[index] === '"') {
      index += 1;
      while (index < header.length && header[index] !== '"') {
        if (header[index] === "\\" && index + 1 < header.length) index += 1;
        value += header[index];
        index += 1;
      }
      index += 1;
    } else {
      value = token();
    }
    if (current !== undefined) current[name.toLowerCase()] = value;
  }
  return challenges;
}
