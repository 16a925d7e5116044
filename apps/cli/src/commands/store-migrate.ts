import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { UsageError } from "../errors/usage-error";
import { writeError, writeJson, writeLine } from "../output/write-output";

/** The variables that choose the vault key; without them the file vault falls back to its key file. */
const keyVariables = ["SRC_VAULT_KEY", "SRC_VAULT_KEYS", "SRC_VAULT_PASSPHRASE"];

const counts = ({ added, updated, unchanged }: { added: number; updated: number; unchanged: number }): string =>
  `${added} added, ${updated} updated, ${unchanged} unchanged`;

/**
 * `src store migrate`: copies every source and credential of the file home
 * (`--home` / `SRC_HOME`) into the PostgreSQL store (`--store` / `SRC_STORE`).
 * Repeatable: what is already equal is left alone. Prints counts and slugs, never a value.
 */
export function registerStoreMigrate(store: Command): void {
  store
    .command("migrate")
    .description(
      "copy every source, credential and agent token of the home (--home, $SRC_HOME) into the PostgreSQL store (--store, $SRC_STORE); repeatable, prints counts, never a secret",
    )
    .action(
      defineAction(async (context) => {
        if (context.storeUrl === undefined) {
          throw new UsageError({
            message:
              "src store migrate: name the PostgreSQL store to copy into with --store postgres://... or SRC_STORE",
          });
        }
        const [
          { createSourceStore, createFileAgentAccessStore, resolveSrcHome },
          { openVault, VaultKeyMismatchError },
          { copyHomeToStore },
        ] = await Promise.all([import("@src/config"), import("@src/vault"), import("@src/store-postgres")]);
        const target = await context.postgresStore();
        const home = resolveSrcHome({ home: context.home, env: process.env });
        const registry = (await context.service()).registry;
        // The home's vault opens with the usual key; when the environment's key is the store's and not the home's, with the home's key file.
        const vault = await openVault({ home, env: process.env }).catch((error: unknown) => {
          if (
            !VaultKeyMismatchError.isInstance(error) ||
            !keyVariables.some((name) => (process.env[name] ?? "") !== "")
          )
            throw error;
          return openVault({
            home,
            env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !keyVariables.includes(name))),
          });
        });
        const result = await copyHomeToStore({
          from: { sources: createSourceStore({ home, registry }), vault, access: createFileAgentAccessStore({ home }) },
          to: target,
        });
        if (context.json) {
          writeJson({ from: home, store: target.location, ...result });
        } else {
          writeLine(
            `Copied ${home} into ${target.location}: sources ${counts(result.sources)}; credentials ${counts(result.credentials)}; agent tokens ${result.agentTokens.added} added, ${result.agentTokens.unchanged} unchanged.`,
          );
          for (const { slug, reason } of result.skipped) writeError(`skipped source "${slug}": ${reason}`);
          for (const { name, reason } of result.agentTokens.skipped)
            writeError(`skipped agent token "${name}": ${reason}`);
        }
        return result.skipped.length === 0 ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
      }),
    );
}
