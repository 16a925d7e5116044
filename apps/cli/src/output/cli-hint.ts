import type { ToolNextStep } from "@src/http-tool";

/** The admin-token advice of remote mode (the server's message says only that the token is missing or wrong). */
const unauthorizedHint =
  "set SRC_SERVER_TOKEN to the admin token of the server that --server (or SRC_SERVER) names (on that server's own machine, a loopback server's token is read from $SRC_HOME/server.token when SRC_HOME is the server's)";

/**
 * The command that does what the package message of `code` advises in words every channel shares ("list the tools
 * to see their names"), for the codes whose message names no command (the server and MCP show the same messages,
 * where a CLI command would be the wrong advice). `undefined` when there is none.
 */
function cliCommandFor(code: string, slug: string | undefined): string | undefined {
  const target = slug ?? "SLUG";
  switch (code) {
    case "NO_CREDENTIAL":
      return `src credential set ${target}`;
    case "SOURCE_DISABLED":
      return `src source enable ${target}`;
    case "UNKNOWN_TOOL":
      return "src tools";
    case "SOURCE_NOT_FOUND":
      return "src source list";
    default:
      return undefined;
  }
}

/**
 * A package error's message with the CLI's command for its advice, said once: the command follows the advice it
 * carries out (`list the tools to see their names (\`src tools\`)`); remote mode's UNAUTHORIZED gets where the
 * token comes from. The message as it is for every other code.
 */
export function withCliCommand(message: string, code: string, slug: string | undefined): string {
  const command = cliCommandFor(code, slug);
  if (command !== undefined) return `${message} (\`${command}\`)`;
  return code === "UNAUTHORIZED" ? `${message}; ${unauthorizedHint}` : message;
}

/**
 * A refused call's error in the operator's words: for NO_CREDENTIAL and SOURCE_DISABLED the CLI's own sentence from
 * the code and the slug (the agent's message tells it an operator must act: here the operator reads what to run),
 * for a call refused against the OpenAPI document the message and its next step as a `src operations` command
 * (`error.next`), else the message with the command for its advice.
 */
export function cliCallError(
  error: { code: string; message: string; next?: ToolNextStep | undefined },
  slug: string,
): string {
  switch (error.code) {
    case "NO_CREDENTIAL":
      return error.message.includes("was stored for another address")
        ? `the credential stored for source "${slug}" was stored for another address of the API (its base URL or an auth endpoint changed since); store it again with \`src credential set ${slug}\``
        : `no credential is stored for source "${slug}"; store it with \`src credential set ${slug}\``;
    case "SOURCE_DISABLED":
      return `source "${slug}" is disabled; enable it with \`src source enable ${slug}\``;
    default:
      return error.next === undefined
        ? withCliCommand(error.message, error.code, slug)
        : `${error.message}; ${cliNextStep(error.next, slug)}`;
  }
}

/** A refused call's next step (`error.next`: a call of `api_<slug>_operations`) as the `src operations` command that does the same. */
export function cliNextStep(next: ToolNextStep, slug: string): string {
  if ("operationId" in next.input)
    return `see the operation in full with \`src operations ${slug} --id ${shellWord(next.input.operationId)}\``;
  return `search the operations with \`src operations ${slug} ${shellWord(next.input.query)}\``;
}

/** `value` as one shell word: as it is when it is plain, else in single quotes. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/**
 * `src credential set SLUG`, the next step that stores a credential. It names no field of the stored credential, not
 * even a non-secret one: a basic username may be the key itself (with an empty password), and what is printed ends up
 * in terminals, logs and CI output. Run in a terminal it asks for each field it does not have (the stored non-secret
 * ones are kept while the credential is bound to the source's base URL); without one it takes `--credential-stdin`.
 */
export function credentialSetCommand(slug: string): string {
  return `src credential set ${slug}`;
}

/** A tool call's field names as `src call` spells them (`_rawBody` is `--raw-body` on the command line). */
export function inCallFlagWords(message: string): string {
  return message
    .replaceAll("_rawBody", "--raw-body")
    .replaceAll("_contentType", "--content-type")
    .replace(/^invalid call: select:/, "invalid call: --select:");
}
