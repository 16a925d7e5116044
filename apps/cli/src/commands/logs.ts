import type { Command } from "commander";
import type { CallAuditLine } from "@src/service";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { writeError, writeLine } from "../output/write-output";

interface LogsFlags {
  source?: string;
  follow?: boolean;
}

/** How often `--follow` looks for new lines, in ms. */
const followIntervalMs = 200;

/** One audit line for people: time, channel, source, method and path, status, duration, attempts, error code. */
function formatAuditLine(line: CallAuditLine): string {
  const request = line.method === null ? "(refused before a request)" : `${line.method} ${line.path ?? ""}`;
  const status = line.status === null ? "-" : String(line.status);
  const attempts = `${line.attempts} attempt${line.attempts === 1 ? "" : "s"}`;
  return [line.time, line.channel.padEnd(9), line.source, request, status, `${line.durationMs}ms`, attempts, line.errorCode ?? ""].join("  ").trimEnd();
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
        const print = (lines: CallAuditLine[]): void => {
          for (const line of lines) {
            if (source !== undefined && line.source !== source) continue;
            writeLine(context.json ? JSON.stringify(line) : formatAuditLine(line));
          }
        };

        // The same reading as the server's GET /v1/activity (the console's Activity): `@src/service`'s audit reader.
        const { lines, offset } = await readCallAuditLines(file);
        print(lines);
        if (!follow) {
          if (lines.length === 0 && !context.json) writeError(`No agent calls logged yet in ${file}.`);
          return EXIT_CODES.SUCCESS;
        }
        await new Promise<void>((resolve) => {
          const stopFollowing = followCallAuditFile(file, {
            offset,
            intervalMs: followIntervalMs,
            onLines: print,
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
