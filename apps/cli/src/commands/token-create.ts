import { RATE_LIMIT_TEXT_HINT, parseRateLimitText } from "@src/config";
import type { Command } from "commander";
import { defineAction } from "../define-action";
import { agentTokenStoreOf } from "../input/agent-token-store-of";
import { loadServerModule } from "../input/load-server-module";
import { writeError, writeJson, writeLine } from "../output/write-output";

interface TokenCreateFlags {
  sources?: string;
  expires?: string;
  readOnly?: boolean;
  rateLimit?: string;
}

/** `src token create NAME [--sources a,b] [--read-only] [--rate-limit N/DURATION] [--expires 30d]`: prints the value once (locally, or on the server named by --server / SRC_SERVER). */
export function registerTokenCreate(token: Command): void {
  token
    .command("create")
    .description(
      "create an agent token: it may list and call tools (also over /mcp) and nothing else; the value is printed once",
    )
    .argument(
      "<name>",
      "a name for the token (letters, digits, '.', '_', '-'), shown in the server log of every call it makes",
    )
    .option(
      "--sources <slugs>",
      "comma-separated slugs of configured sources it may call (src source list; default: every source)",
    )
    .option(
      "--read-only",
      "it may only read (GET, HEAD, OPTIONS), whatever a source's policy allows; its tools are read-only",
    )
    .option(
      "--rate-limit <calls/duration>",
      "its own rate limit across every source it calls, e.g. 60/1m (default: none)",
    )
    .option("--expires <lifetime>", "lifetime: a whole number and m, h, d or w, e.g. 30d (default: never)")
    .action(
      defineAction<TokenCreateFlags>(
        async (context, flags, [name]) => {
          // Checked here, not only by the store, so that the refusal names the flag (as `src source add --rate-limit`
          // does), locally or with --server; the code stays the store's (INVALID_AGENT_TOKEN_REQUEST).
          if (flags.rateLimit !== undefined && parseRateLimitText(flags.rateLimit) === undefined) {
            const { AgentTokenError } = await loadServerModule();
            throw new AgentTokenError({
              code: "INVALID_AGENT_TOKEN_REQUEST",
              message: `--rate-limit: ${JSON.stringify(flags.rateLimit)}: ${RATE_LIMIT_TEXT_HINT}`,
            });
          }
          const sources =
            flags.sources === undefined ? null : flags.sources.split(",").filter((slug) => slug.trim() !== "");
          const input = {
            name: name!,
            sources,
            expires: flags.expires ?? null,
            readOnly: flags.readOnly === true,
            rateLimit: flags.rateLimit ?? null,
          };
          let created: {
            token: string;
            name: string;
            sources: string[] | null;
            readOnly: boolean;
            rateLimit: { calls: number; perSeconds: number } | null;
            expiresAt: string | null;
          };
          if (context.remote !== undefined) {
            // The server's own route (POST /v1/tokens): the token lives in the server's store.
            created = await (await context.remoteClient()).tokens.create(input);
          } else {
            created = await (await agentTokenStoreOf(context)).create(input);
          }
          if (context.json) {
            writeJson(created);
            return;
          }
          // The value alone on stdout (`TOKEN=$(src token create ...)`), the explanation on stderr.
          writeLine(created.token);
          writeError(
            `Created agent token "${created.name}"${context.remote === undefined ? "" : ` on ${context.remote.url}`} for ${created.sources === null ? "every source" : `the sources ${created.sources.join(", ")}`}${created.readOnly ? ", read-only" : ""}${created.rateLimit === null ? "" : `, at most ${created.rateLimit.calls} calls per ${created.rateLimit.perSeconds} s`}, ${created.expiresAt === null ? "without expiry" : `expiring ${created.expiresAt}`}. ` +
              "It is shown this once: give it to the agent now (Authorization: Bearer <token>). Revoke it with `src token revoke " +
              created.name +
              "`.",
          );
        },
        { remote: true },
      ),
    );
}
