import { resolveSrcHome } from "@src/config";
import type { Command } from "commander";
import { defineAction } from "../define-action";
import { loadServerModule } from "../input/load-server-module";
import { writeJson, writeLine } from "../output/write-output";

/** `src token list`: names and prefixes, never a value. */
export function registerTokenList(token: Command): void {
  token
    .command("list")
    .description("list the agent tokens by name and prefix (never their values)")
    .action(
      defineAction(async (context) => {
        const { createAgentTokenStore } = await loadServerModule();
        const tokens = await createAgentTokenStore({ home: resolveSrcHome({ home: context.home }) }).list();
        if (context.json) {
          writeJson({ tokens });
          return;
        }
        if (tokens.length === 0) {
          writeLine("No agent tokens. Create one with `src token create` and a name for its agent, e.g. `src token create my-agent`.");
          return;
        }
        const rows = tokens.map((token) => [
          token.name,
          `${token.prefix}…`,
          token.sources === null ? "(every source)" : token.sources.join(","),
          [token.readOnly ? "read-only" : "read-write", ...(token.rateLimit === null ? [] : [`${token.rateLimit.calls}/${token.rateLimit.perSeconds}s`])].join(" "),
          token.expiresAt === null ? "never" : `${token.expiresAt}${token.expired ? " (expired)" : ""}`,
        ]);
        const header = ["NAME", "PREFIX", "SOURCES", "ACCESS", "EXPIRES"];
        const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
        for (const row of [header, ...rows]) writeLine(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd());
      }),
    );
}
