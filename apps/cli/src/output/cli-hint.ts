import type { ToolNextStep } from "@src/http-tool";

/**
 * What to run next, in the CLI's words, for the codes whose package message
 * names no command (the server and MCP show the same messages, where a CLI
 * command would be the wrong advice). `undefined` when there is nothing to add.
 */
export function cliHintFor(code: string, slug: string | undefined): string | undefined {
  const target = slug ?? "SLUG";
  switch (code) {
    case "NO_CREDENTIAL":
      return `store it with \`src credential set ${target}\``;
    case "SOURCE_DISABLED":
      return `enable it with \`src source enable ${target}\``;
    case "UNKNOWN_TOOL":
      return "list them with `src tools`";
    case "SOURCE_NOT_FOUND":
      return "list them with `src source list`";
    case "UNAUTHORIZED":
      return "set SRC_SERVER_TOKEN to the admin token of the server that --server (or SRC_SERVER) names (on that server's own machine, a loopback server's token is read from $SRC_HOME/server.token when SRC_HOME is the server's)";
    default:
      return undefined;
  }
}

/** A refused call's next step (`error.next`: a call of `api_<slug>_operations`) as the `src operations` command that does the same. */
export function cliNextStep(next: ToolNextStep, slug: string): string {
  if ("operationId" in next.input) return `see the operation in full with \`src operations ${slug} --id ${shellWord(next.input.operationId)}\``;
  return `search the operations with \`src operations ${slug} ${shellWord(next.input.query)}\``;
}

/** `value` as one shell word: as it is when it is plain, else in single quotes. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** The flag of each non-secret credential field `src credential set` takes. */
const plainFieldFlags: Readonly<Record<string, string>> = { username: "--username", clientId: "--client-id" };

/**
 * `src credential set SLUG`, with the non-secret fields whose values are known (`--username alice`): run in a
 * terminal it asks only for the hidden secret; a field not known here is asked for too.
 */
export function credentialSetCommand(slug: string, plugin: { credentialFields: readonly { name: string; secret: boolean }[] }, known: Readonly<Record<string, string>>): string {
  const flags: string[] = [];
  for (const field of plugin.credentialFields) {
    const flag = plainFieldFlags[field.name];
    const value = known[field.name];
    if (!field.secret && flag !== undefined && value !== undefined) flags.push(flag, shellWord(value));
  }
  return ["src", "credential", "set", slug, ...flags].join(" ");
}

/** A tool call's field names as `src call` spells them (`_rawBody` is `--raw-body` on the command line). */
export function inCallFlagWords(message: string): string {
  return message.replaceAll("_rawBody", "--raw-body").replaceAll("_contentType", "--content-type");
}
