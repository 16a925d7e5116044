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
      return "set SRC_SERVER_TOKEN to the admin token of the server that --server (or SRC_SERVER) names";
    default:
      return undefined;
  }
}

/** A tool call's field names as `src call` spells them (`_rawBody` is `--raw-body` on the command line). */
export function inCallFlagWords(message: string): string {
  return message.replaceAll("_rawBody", "--raw-body").replaceAll("_contentType", "--content-type").replace(/^invalid call: select:/, "invalid call: --select:");
}
