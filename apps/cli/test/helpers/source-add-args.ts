/** The fields every `src source add` in the tests names: the rest (auth mode, its fields, switches) follows as flags. */
export interface SourceAddTarget {
  name: string;
  /** `--slug`; left out (the CLI makes one from the name) when undefined. */
  slug?: string;
  baseUrl: string;
  /** `--test-endpoint`; "/me" unless given. */
  testEndpoint?: string;
}

/**
 * The arguments of `src source add --name NAME [--slug SLUG] --base-url URL --test-endpoint PATH`, then `flags` as
 * they are (`--auth MODE` and its fields, `--credential-stdin`, `--no-test`...).
 */
export function sourceAddArgs(
  { name, slug, baseUrl, testEndpoint = "/me" }: SourceAddTarget,
  ...flags: readonly string[]
): string[] {
  const slugFlag = slug === undefined ? [] : ["--slug", slug];
  return [
    "source",
    "add",
    "--name",
    name,
    ...slugFlag,
    "--base-url",
    baseUrl,
    "--test-endpoint",
    testEndpoint,
    ...flags,
  ];
}

/** A bearer source whose token is read from stdin. */
export const bearerFromStdin: readonly string[] = ["--auth", "bearer", "--credential-stdin"];

/** `--scope` once for each of `scopes`. */
export const scopeFlags = (...scopes: string[]): string[] => scopes.flatMap((scope) => ["--scope", scope]);
