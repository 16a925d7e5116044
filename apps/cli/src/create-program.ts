import { Command } from "commander";
import { cliVersion } from "./cli-version";
import { registerAuthLogin } from "./commands/auth-login";
import { registerAuthLogout } from "./commands/auth-logout";
import { registerAuthStatus } from "./commands/auth-status";
import { registerCall } from "./commands/call";
import { registerCredentialDelete } from "./commands/credential-delete";
import { registerCredentialSet } from "./commands/credential-set";
import { registerLogs } from "./commands/logs";
import { registerMcp } from "./commands/mcp";
import { registerOperations } from "./commands/operations";
import { registerPolicy } from "./commands/policy";
import { registerServe } from "./commands/serve";
import { registerShell } from "./commands/shell";
import { registerSourceAdd } from "./commands/source-add";
import { registerSourceEdit } from "./commands/source-edit";
import { registerSourceEnable } from "./commands/source-enable";
import { registerSourceExport } from "./commands/source-export";
import { registerSourceImport } from "./commands/source-import";
import { registerSourceList } from "./commands/source-list";
import { registerSourceReload } from "./commands/source-reload";
import { registerSourceRemove } from "./commands/source-remove";
import { registerSourceShow } from "./commands/source-show";
import { registerStoreMigrate } from "./commands/store-migrate";
import { registerTokenCreate } from "./commands/token-create";
import { registerTokenList } from "./commands/token-list";
import { registerTokenRevoke } from "./commands/token-revoke";
import { registerTools } from "./commands/tools";
import { registerVaultReset } from "./commands/vault-reset";
import { registerVaultRotate } from "./commands/vault-rotate";

/**
 * The `src` command tree. Commander errors throw (`exitOverride`) so `runCli`
 * maps them to exit code 2; help and version go to stdout with exit code 0.
 */
export function createProgram(): Command {
  const program = new Command("src")
    .description("Connect REST APIs to AI agents as sources: add, validate, call, and serve them over MCP.")
    .version(cliVersion, "--version", "print the version")
    .option("--home <dir>", "home directory of sources and vault (default: $SRC_HOME, else ~/.src)")
    .option("--json", "print only machine-readable JSON on stdout")
    .option("--store <url>", "a PostgreSQL store shared by several servers, postgres://user:password@host:5432/database (default: $SRC_STORE, else the files in the home)")
    .option("--server <url>", "run against a running `src serve` at URL (default: $SRC_SERVER), with the token from $SRC_SERVER_TOKEN: source list|show|add|reload|enable|disable|remove, credential set|delete, tools, call")
    .exitOverride()
    .showHelpAfterError("(run the command with --help for its usage)");

  const source = program.command("source").description("add, list, show, edit, reload, enable, disable, remove, export and import sources");
  registerSourceAdd(source);
  registerSourceList(source);
  registerSourceShow(source);
  registerSourceEdit(source);
  registerSourceReload(source);
  registerSourceEnable(source);
  registerSourceRemove(source);
  registerSourceExport(source);
  registerSourceImport(source);

  const credential = program.command("credential").description("store or delete a source's credential");
  registerCredentialSet(credential);
  registerCredentialDelete(credential);

  const auth = program.command("auth").description("sign OAuth 2.0 sources in and out, and show their sign-in");
  registerAuthLogin(auth);
  registerAuthStatus(auth);
  registerAuthLogout(auth);

  const vault = program.command("vault").description("rotate the vault's key, or recover from an unreadable vault");
  registerVaultRotate(vault);
  registerVaultReset(vault);

  const store = program.command("store").description("copy the sources and credentials of a home into a PostgreSQL store");
  registerStoreMigrate(store);

  const token = program.command("token").description("create, list and revoke agent tokens for `src serve`");
  registerTokenCreate(token);
  registerTokenList(token);
  registerTokenRevoke(token);

  registerTools(program);
  registerOperations(program);
  registerCall(program);
  registerPolicy(program);
  registerShell(program);
  registerMcp(program);
  registerServe(program);
  registerLogs(program);
  return program;
}
