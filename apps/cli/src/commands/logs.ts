import type { Command } from "commander";
import type { CallAuditLine } from "@src/service";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { writeError, writeLine } from "../output/write-output";
import { createAuditTable } from "../output/audit-table";
import { escapeTerminalControls } from "../output/escape-terminal-controls";
import type { CommandContext } from "../command-context";

interface LogsFlags {
  source?: string;
  follow?: boolean;
}

/** How often `--follow` looks for new lines, in ms. */
const followIntervalMs = 200;

/** The slugs of the home's sources, for the width of the source column; none when they cannot be listed. */
async function slugsOfHome(context: CommandContext): Promise<string[]> {
  if (context.storeUrl !== undefined) return [];
  try {
    // The store's listing only: the vault (and its key) is not needed to read the log.
    return (await (await context.service()).store.list()).map((entry) => entry.slug);
  } catch {
    return [];
  }
}

/**
 * `src logs [--source S] [--follow] [--json]`: the audit lines of agent calls
 * from every channel (`src call`, `src mcp`, the server's HTTP and MCP routes),
 * read from `$SRC_HOME/logs/calls.jsonl` and its rotated files, oldest first.
 */
export function registerLogs(program: Command): void {
  program
    .command("logs")
    .description("show the audit log of agent calls on every channel ($SRC_HOME/logs/calls.jsonl)")
    .option("--source <slug>", "only the calls of this source")
    .option("-f, --follow", "keep printing new calls as they come (Ctrl-C stops)")
    .action(
      defineAction<LogsFlags>(async (context, { source, follow = false }) => {
        const { callAuditFileOf, followCallAuditFile, readCallAuditLines } = await import("@src/service");
        const { resolveSrcHome } = await import("@src/config");
        const home = resolveSrcHome({ home: context.home, env: process.env });
        const file = callAuditFileOf(home);
        const wanted = (lines: CallAuditLine[]): CallAuditLine[] =>
          source === undefined ? lines : lines.filter((line) => line.source === source);
        // The same reading as the server's GET /v1/activity (the console's Activity): `@src/service`'s audit reader.
        const { lines: everything, offset } = await readCallAuditLines(file);
        const initial = wanted(everything);
        // Aligned columns for people; the source column is as wide as the slugs read now and those of the home's sources,
        // the principal column as the principals read now.
        const table = context.json
          ? undefined
          : await createAuditTable(
              [...initial.map((line) => line.source), ...(await slugsOfHome(context))],
              initial.flatMap((line) => (line.errorCode === null ? [] : [line.errorCode])),
              initial.flatMap((line) => (line.principal === undefined ? [] : [line.principal])),
            );
        const print = (lines: CallAuditLine[], withHeader = false): void => {
          if (lines.length === 0 && !withHeader) return;
          writeLine(
            table === undefined
              ? lines.map((line) => JSON.stringify(line)).join("\n")
              : escapeTerminalControls(table.rows(lines, { withHeader })),
          );
        };
        // The header once, above the first rows (or above none yet, when following).
        print(initial, table !== undefined && (initial.length > 0 || follow));
        if (!follow) {
          if (everything.length === 0 && !context.json) writeError(`No agent calls logged yet in ${file}.`);
          return EXIT_CODES.SUCCESS;
        }
        await new Promise<void>((resolve) => {
          const stopFollowing = followCallAuditFile(file, {
            offset,
            intervalMs: followIntervalMs,
            onLines: (lines) => print(wanted(lines)),
            onError: (error) => writeError(`warning: could not read ${file}: ${(error as Error).message}`),
          });
          const stop = (): void => {
            stopFollowing();
            resolve();
          };
          process.once("SIGINT", stop);
          process.once("SIGTERM", stop);
        });
        return EXIT_CODES.SUCCESS;
      }),
    );
}
