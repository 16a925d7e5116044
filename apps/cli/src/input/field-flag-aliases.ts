import type { Command } from "commander";

/**
 * The flags that set one declared field each, kept from before `--set` as
 * aliases: `--header-name X` is `--set headerName=X`. They name fields, not
 * auth modes; a mode without the field refuses them, naming its own fields.
 */
const aliases = [
  { flag: "--header-name <header>", key: "headerName", field: "headerName" },
  { flag: "--query-param <name>", key: "queryParam", field: "queryParam" },
  { flag: "--username <user>", key: "username", field: "username" },
  { flag: "--client-id <id>", key: "clientId", field: "clientId" },
  { flag: "--issuer <url>", key: "issuer", field: "issuer" },
  { flag: "--token-url <url>", key: "tokenUrl", field: "tokenUrl" },
  { flag: "--authorization-url <url>", key: "authorizationUrl", field: "authorizationUrl" },
  { flag: "--grant <grant>", key: "grant", field: "grant" },
  { flag: "--scope <scope>", key: "scope", field: "scopes", list: true },
  { flag: "--audience <audience>", key: "audience", field: "audience" },
  { flag: "--client-auth <method>", key: "clientAuth", field: "clientAuth" },
  { flag: "--authorization-param <name=value>", key: "authorizationParam", field: "authorizationParams", list: true },
] as const;

/** The alias flags as commander stores them. */
export type FieldAliasFlags = {
  [Alias in (typeof aliases)[number] as Alias["key"]]?: Alias extends { list: true } ? string[] : string;
};

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Adds the alias flags to `command` (all, or those naming `only`'s fields). */
export function registerFieldFlagAliases(command: Command, only?: readonly string[]): void {
  for (const alias of aliases) {
    if (only !== undefined && !only.includes(alias.field)) continue;
    const description =
      "list" in alias
        ? `same as --set ${alias.field}=VALUE; repeat it for several`
        : `same as --set ${alias.field}=VALUE`;
    if ("list" in alias) command.option(alias.flag, description, collect);
    else command.option(alias.flag, description);
  }
}

/** The alias flag of a declared field (`headerName` → `--header-name`), for messages; undefined when it has none. */
export function aliasFlagOf(field: string): string | undefined {
  return aliases.find((alias) => alias.field === field)?.flag.split(" ")[0];
}

/** The fields the alias flags give, by field name, with the flag each came from (for messages). */
export function fieldsFromAliases(flags: FieldAliasFlags): {
  values: Record<string, string | string[]>;
  flagOf: Record<string, string>;
} {
  const values: Record<string, string | string[]> = {};
  const flagOf: Record<string, string> = {};
  for (const alias of aliases) {
    const value = flags[alias.key];
    if (value === undefined) continue;
    values[alias.field] = value;
    flagOf[alias.field] = alias.flag.split(" ")[0]!;
  }
  return { values, flagOf };
}
