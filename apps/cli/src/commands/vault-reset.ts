import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { UsageError } from "../errors/usage-error";
import { writeError, writeJson, writeLine } from "../output/write-output";

interface VaultResetFlags {
  yes?: boolean;
}

/** Vault problems a reset is for: the file cannot be read with the key at hand. */
const unreadableCodes = new Set(["WRONG_KEY", "DAMAGED", "UNSUPPORTED_VERSION", "KEY_MISSING"]);

/**
 * `src vault reset --yes`: for an operator who cannot recover the vault (lost key,
 * damaged file). Moves the unreadable vault aside (never deletes it), so the next
 * `src credential set` starts an empty one. A vault that opens is left alone.
 */
export function registerVaultReset(vault: Command): void {
  vault
    .command("reset")
    .description(
      "move an unreadable vault (wrong or lost key, damaged file) aside so credentials can be stored again; never deletes it",
    )
    .option("--yes", "confirm: every stored credential becomes unavailable until the old file is restored")
    .action(
      defineAction<VaultResetFlags>(async (context, { yes }) => {
        const { openVault, resetVault } = await import("@src/vault");
        try {
          const healthy = await openVault({ home: context.home, env: process.env });
          const stored = (await healthy.list()).length;
          const message = `the vault ${healthy.file} opens with the current key (${stored} credential${stored === 1 ? "" : "s"}); nothing to reset`;
          if (context.json) writeJson({ reset: false, file: healthy.file, reason: message });
          else writeError(`src vault reset: ${message}`);
          return EXIT_CODES.FAILURE;
        } catch (error) {
          if (!unreadableCodes.has((error as { code?: string }).code ?? "")) throw error;
        }
        if (yes !== true) {
          throw new UsageError({
            message:
              "src vault reset moves the unreadable vault aside and every stored credential becomes unavailable; run it again with --yes to confirm",
          });
        }
        const { movedTo } = await resetVault({ home: context.home, env: process.env });
        if (context.json) writeJson({ reset: true, movedTo: movedTo ?? null });
        else
          writeLine(
            `Moved the vault aside to ${movedTo ?? "(no vault file)"}; store each credential again with \`src credential set SLUG\`.`,
          );
        return EXIT_CODES.SUCCESS;
      }),
    );
}
