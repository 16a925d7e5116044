import type { Command } from "commander";
import type { VaultKeySource } from "@src/vault";
import { defineAction } from "../define-action";
import type { CommandContext } from "../command-context";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import { InvalidInputError } from "../errors/invalid-input-error";
import { UsageError } from "../errors/usage-error";
import { askSecret } from "../input/prompts";
import { readStdinText } from "../input/read-stdin-text";
import { writeJson, writeLine } from "../output/write-output";

interface VaultRotateFlags {
  newKeyStdin?: boolean;
  newPassphrase?: boolean;
}

/**
 * What the operator must do so the next command opens the vault with the new key. A running `src serve` or `src mcp`
 * whose key comes from the key file reads the new one by itself; one given the key in its environment cannot learn a
 * new one there, so only that needs a restart.
 */
function nextStep(kind: VaultKeySource["kind"], keyFile: string | undefined, env: NodeJS.ProcessEnv): string {
  if (kind === "key")
    return "From now on set SRC_VAULT_KEY to the new key, and restart any running `src serve` or `src mcp` with it (a running process cannot learn a new key from its environment).";
  if (kind === "passphrase")
    return "From now on set SRC_VAULT_PASSPHRASE to the new passphrase, and restart any running `src serve` or `src mcp` with it (a running process cannot learn a new passphrase from its environment).";
  const overriding = ["SRC_VAULT_KEY", "SRC_VAULT_PASSPHRASE"].filter((name) => (env[name] ?? "") !== "");
  const unset =
    overriding.length === 0
      ? ""
      : ` Unset ${overriding.join(" and ")}: it takes precedence over the key file (and restart a \`src serve\` or \`src mcp\` started with it).`;
  return `The new key is in ${keyFile ?? "the key file"}; a running \`src serve\` or \`src mcp\` that reads its key from there picks it up by itself, no restart needed.${unset}`;
}

/** Reads the new key or passphrase; never echoes it. */
async function readNewKeySource(
  context: { interactive: boolean },
  { newKeyStdin, newPassphrase }: VaultRotateFlags,
): Promise<VaultKeySource | undefined> {
  if (newKeyStdin === true && newPassphrase === true) {
    throw new UsageError({ message: "src vault rotate: give either --new-key-stdin or --new-passphrase, not both" });
  }
  if (newKeyStdin === true) {
    const text = (await readStdinText({ flag: "--new-key-stdin" })).trim();
    const key = Buffer.from(text, "base64");
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== 32) {
      throw new InvalidInputError({
        flag: "--new-key-stdin",
        problem:
          "stdin must hold 32 random bytes in base64, e.g. the output of `openssl rand -base64 32`; the vault was not changed",
      });
    }
    return { kind: "key", key };
  }
  if (newPassphrase !== true) return undefined;
  if (!context.interactive) {
    const passphrase = await readStdinText({ flag: "--new-passphrase" });
    if (passphrase === "")
      throw new InvalidInputError({
        flag: "--new-passphrase",
        problem: "stdin is empty; pipe the new passphrase on stdin or run in a terminal to be asked for it",
      });
    return { kind: "passphrase", passphrase };
  }
  const passphrase = await askSecret("New vault passphrase (hidden)");
  const again = await askSecret("The same passphrase again (hidden)");
  if (again !== passphrase)
    throw new InvalidInputError({
      flag: "--new-passphrase",
      problem: "the two passphrases differ; the vault was not changed, run the command again",
    });
  return { kind: "passphrase", passphrase };
}

/**
 * On a PostgreSQL store: re-encrypts every credential under the first key of
 * `SRC_VAULT_KEYS` (or the key of `--new-key-stdin`, the environment's keys
 * then being the previous ones) in one transaction.
 */
async function rotateStoreVault(context: CommandContext, flags: VaultRotateFlags): Promise<ExitCode> {
  if (flags.newPassphrase === true) {
    throw new UsageError({
      message:
        "src vault rotate: on a PostgreSQL store the new key comes from SRC_VAULT_KEYS (new key first, then the previous ones) or --new-key-stdin; a passphrase cannot be rotated to",
    });
  }
  const newKey = flags.newKeyStdin === true ? await readNewKeySource(context, flags) : undefined;
  if (newKey?.kind === "key") {
    const previous = (process.env.SRC_VAULT_KEYS ?? process.env.SRC_VAULT_KEY ?? "").trim();
    process.env.SRC_VAULT_KEYS = [
      Buffer.from(newKey.key).toString("base64"),
      ...(previous === "" ? [] : [previous]),
    ].join(",");
  }
  const store = await context.postgresStore();
  const { credentials } = await store.vault.rotate();
  const step =
    "Restart the replicas one by one with SRC_VAULT_KEY set to the new key; until then they keep serving with the old one.";
  if (context.json) writeJson({ rotated: true, store: store.location, credentials, next: step });
  else
    writeLine(
      `Re-encrypted ${credentials} credential${credentials === 1 ? "" : "s"} in ${store.location} under the new key in one transaction. ${step}`,
    );
  return EXIT_CODES.SUCCESS;
}

/**
 * `src vault rotate [--new-key-stdin | --new-passphrase]`: re-encrypts every
 * credential under a new key in one atomic write. Without a flag a new key file
 * replaces `$SRC_HOME/vault.key`. The current key comes from the usual place
 * (`SRC_VAULT_KEY`, `SRC_VAULT_PASSPHRASE` or the key file).
 */
export function registerVaultRotate(vault: Command): void {
  vault
    .command("rotate")
    .description(
      "re-encrypt every credential under a new key (default: a new key file $SRC_HOME/vault.key), in one atomic write",
    )
    .option("--new-key-stdin", "read the new key (32 bytes in base64) from stdin; then set SRC_VAULT_KEY to it")
    .option(
      "--new-passphrase",
      "use a new passphrase (asked twice in a terminal, else read from stdin); then set SRC_VAULT_PASSPHRASE to it",
    )
    .action(
      defineAction<VaultRotateFlags>(async (context, flags) => {
        if (context.storeUrl !== undefined) return rotateStoreVault(context, flags);
        const newKeySource = await readNewKeySource(context, flags);
        const { rotateVault } = await import("@src/vault");
        const result = await rotateVault({ home: context.home, env: process.env, newKeySource });
        const step = nextStep(result.newKeyKind, result.keyFile, process.env);
        if (context.json) {
          writeJson({
            rotated: true,
            file: result.file,
            credentials: result.credentials,
            newKey: result.newKeyKind,
            keyFile: result.keyFile ?? null,
            completedInterrupted: result.completedInterrupted,
            next: step,
          });
        } else {
          const what = result.completedInterrupted ? "Finished an interrupted rotation of" : "Re-encrypted";
          writeLine(
            `${what} ${result.credentials} credential${result.credentials === 1 ? "" : "s"} in ${result.file} under a new key. ${step}`,
          );
        }
        return EXIT_CODES.SUCCESS;
      }),
    );
}
