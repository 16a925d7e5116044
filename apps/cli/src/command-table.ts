import type { Command } from "commander";

/** What each module of `commands/` exports: defines its command on the parent it is given (`parent.command(name)`, arguments, options, action). */
export type RegisterCommand = (parent: Command) => void;

/** A group of commands, `src source ...`: a name and a description; its commands follow it in the table. */
export interface CommandGroupEntry {
  /** Its word after `src`: `source`. */
  readonly path: string;
  readonly description: string;
}

/** A command that runs: what its parent's help lists, and how to load the rest. */
export interface CommandEntry {
  /** Its words after `src`: `tools`, `source add`. */
  readonly path: string;
  /** Its line in the parent's help before the description, as commander prints it: the name, ` [options]` when it has any, its arguments. */
  readonly term: string;
  /** The same description as its module gives. */
  readonly description: string;
  /** Imports its module, only when the command is chosen (or for `src help ...`), and returns the function that defines it. */
  readonly load: () => Promise<RegisterCommand>;
}

export const isCommandEntry = (entry: CommandGroupEntry | CommandEntry): entry is CommandEntry => "load" in entry;

/**
 * Every command of `src`, in the order the help lists them. The program is built from this table alone, so
 * `src --help` and `src --version` load no command's code; a command's module (and with it zod, the vault, the
 * OpenAPI loader, the PostgreSQL store, the MCP SDK...) is imported when that command runs. `command-table.test.ts`
 * checks that each `term` and `description` is what the module defines.
 */
export const commandTable: readonly (CommandGroupEntry | CommandEntry)[] = [
  {
    path: "source",
    description: "add, list, show, edit, reload, test, enable, disable, remove, export and import sources",
  },
  {
    path: "source add",
    term: "add [options]",
    description:
      "connect a REST API: write sources/<slug>/config.json, store the credential encrypted, then validate it",
    load: async () => (await import("./commands/source-add")).registerSourceAdd,
  },
  {
    path: "source list",
    term: "list",
    description:
      "list the sources: slug, name, auth, enabled, status, last tested (broken config files with their error)",
    load: async () => (await import("./commands/source-list")).registerSourceList,
  },
  {
    path: "source show",
    term: "show <slug>",
    description: "show a source's record and whether a credential is stored (never its value)",
    load: async () => (await import("./commands/source-show")).registerSourceShow,
  },
  {
    path: "source edit",
    term: "edit [options] <slug>",
    description:
      "change a source's fields; the record is checked again and a new base URL needs the credential set again",
    load: async () => (await import("./commands/source-edit")).registerSourceEdit,
  },
  {
    path: "source reload",
    term: "reload <slug>",
    description:
      "re-read config.json from disk, re-check it, re-test it against its testEndpoint, save and report the status",
    load: async () => (await import("./commands/source-reload")).registerSourceReload,
  },
  {
    path: "source test",
    term: "test <slug>",
    description:
      "validate a source now: call its testEndpoint with the stored credential, save and report the status (exit 1 unless connected)",
    load: async () => (await import("./commands/source-test")).registerSourceTest,
  },
  {
    path: "source enable",
    term: "enable <slug>",
    description: "enable a source: its tool is offered to agents",
    load: async () => (await import("./commands/source-enable")).registerSourceEnable,
  },
  {
    path: "source disable",
    term: "disable <slug>",
    description: "disable a source: its tool is withdrawn, calls answer SOURCE_DISABLED",
    load: async () => (await import("./commands/source-enable")).registerSourceEnable,
  },
  {
    path: "source remove",
    term: "remove <slug>",
    description: "remove a source: its config.json and its stored credential",
    load: async () => (await import("./commands/source-remove")).registerSourceRemove,
  },
  {
    path: "source export",
    term: "export [slugs...]",
    description:
      "print the configs of the sources (default: all) as one JSON document for `src source import`; never credentials",
    load: async () => (await import("./commands/source-export")).registerSourceExport,
  },
  {
    path: "source import",
    term: "import <file>",
    description:
      "create the sources of a `src source export` file (- for stdin); checks every record first and changes nothing on error",
    load: async () => (await import("./commands/source-import")).registerSourceImport,
  },
  { path: "credential", description: "store or delete a source's credential" },
  {
    path: "credential set",
    term: "set [options] <slug>",
    description: "store or replace a source's credential (encrypted), then validate the source",
    load: async () => (await import("./commands/credential-set")).registerCredentialSet,
  },
  {
    path: "credential delete",
    term: "delete <slug>",
    description: "delete a source's stored credential (the source stays; calls answer NO_CREDENTIAL)",
    load: async () => (await import("./commands/credential-delete")).registerCredentialDelete,
  },
  { path: "connections", description: "list and remove people's own credentials of per-user sources" },
  {
    path: "connections list",
    term: "list [options]",
    description:
      "list who is connected to which per-user source (api.credentials per-user), with when; never a credential",
    load: async () => (await import("./commands/connections-list")).registerConnectionsList,
  },
  {
    path: "connections remove",
    term: "remove [options] <slug>",
    description: "remove a principal's own credential for a per-user source; their next call answers NOT_CONNECTED",
    load: async () => (await import("./commands/connections-remove")).registerConnectionsRemove,
  },
  {
    path: "auth",
    description: "sign sources in and out, and show their sign-in, for auth modes that sign a person in (OAuth 2.0)",
  },
  {
    path: "auth login",
    term: "login [options] <slug>",
    description:
      "sign a source in, for auth modes that sign a person in (OAuth 2.0's authorization code or device code grant): prints the URL to open (and the code to enter), receives the redirect on 127.0.0.1 or polls, stores what it gives, validates; with --server, the server signs in and this waits for it",
    load: async () => (await import("./commands/auth-login")).registerAuthLogin,
  },
  {
    path: "auth status",
    term: "status <slug>",
    description:
      "show a source's sign-in, as its auth mode reports it (OAuth 2.0: grant, scopes requested and granted, whether a refresh token is stored, when the access token expires); never a token",
    load: async () => (await import("./commands/auth-status")).registerAuthStatus,
  },
  {
    path: "auth logout",
    term: "logout <slug>",
    description:
      "sign a source out: revoke its refresh token at the authorization server when it offers revocation (RFC 7009), then forget the tokens; what you entered (client id and secret) stays",
    load: async () => (await import("./commands/auth-logout")).registerAuthLogout,
  },
  { path: "vault", description: "rotate the vault's key, or recover from an unreadable vault" },
  {
    path: "vault rotate",
    term: "rotate [options]",
    description:
      "re-encrypt every credential under a new key (default: a new key file $SRC_HOME/vault.key), in one atomic write",
    load: async () => (await import("./commands/vault-rotate")).registerVaultRotate,
  },
  {
    path: "vault reset",
    term: "reset [options]",
    description:
      "move an unreadable vault (wrong or lost key, damaged file) aside so credentials can be stored again; never deletes it",
    load: async () => (await import("./commands/vault-reset")).registerVaultReset,
  },
  { path: "store", description: "copy the sources, credentials and agent tokens of a home into a PostgreSQL store" },
  {
    path: "store migrate",
    term: "migrate",
    description:
      "copy every source, credential and agent token of the home (--home, $SRC_HOME) into the PostgreSQL store (--store, $SRC_STORE); repeatable, prints counts, never a secret",
    load: async () => (await import("./commands/store-migrate")).registerStoreMigrate,
  },
  { path: "token", description: "create, list and revoke agent tokens for `src serve`" },
  {
    path: "token create",
    term: "create [options] <name>",
    description:
      "create an agent token: it may list and call tools (also over /mcp) and nothing else; the value is printed once",
    load: async () => (await import("./commands/token-create")).registerTokenCreate,
  },
  {
    path: "token list",
    term: "list",
    description:
      "list the agent tokens (and hosted agents' OAuth grants, with their client) by name and prefix, with their last use; never their values",
    load: async () => (await import("./commands/token-list")).registerTokenList,
  },
  {
    path: "token revoke",
    term: "revoke <name>",
    description:
      "revoke an agent token: a running server refuses it (401) within a second; the per-user connections of its principal (token:NAME) are removed with it",
    load: async () => (await import("./commands/token-revoke")).registerTokenRevoke,
  },
  {
    path: "tools",
    term: "tools [options]",
    description: "list the HTTP tools of the enabled sources: name, source, base URL, auth mode, status",
    load: async () => (await import("./commands/tools")).registerTools,
  },
  {
    path: "operations",
    term: "operations [options] <slug> [query...]",
    description:
      "search the operations of a source's OpenAPI document, or show one in full (what api_<slug>_operations answers)",
    load: async () => (await import("./commands/operations")).registerOperations,
  },
  {
    path: "call",
    term: "call [options] <slug> <method> <path>",
    description: "call a source as an agent does and print the agent's result",
    load: async () => (await import("./commands/call")).registerCall,
  },
  {
    path: "policy",
    term: "policy [options] <slug>",
    description:
      "show what agents may do with a source (its api.policy, narrowed by an agent token), or check one call against it",
    load: async () => (await import("./commands/policy")).registerPolicy,
  },
  {
    path: "shell",
    term: "shell",
    description:
      "run operator commands (/source reload SLUG, /tools, /tools -v, /source list, /help, /exit; the slash is optional) read from stdin",
    load: async () => (await import("./commands/shell")).registerShell,
  },
  {
    path: "mcp",
    term: "mcp",
    description: "serve the tools to an MCP client (Claude Desktop, Claude Code...) over stdio",
    load: async () => (await import("./commands/mcp")).registerMcp,
  },
  {
    path: "serve",
    term: "serve [options]",
    description: "run the HTTP server (sources API, tool calls, MCP over HTTP) until stopped",
    load: async () => (await import("./commands/serve")).registerServe,
  },
  {
    path: "logs",
    term: "logs [options]",
    description: "show the audit log of agent calls on every channel ($SRC_HOME/logs/calls.jsonl)",
    load: async () => (await import("./commands/logs")).registerLogs,
  },
];
