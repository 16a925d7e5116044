import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { resolveSrcHome } from "@src/config";
import type { CommandContext } from "../command-context";
import { defineAction } from "../define-action";
import { agentTokenStoreOf } from "../input/agent-token-store-of";
import { writeJson, writeLine } from "../output/write-output";

/**
 * The agent tokens that still name `slug` among their sources: a source added again under that slug is theirs to
 * call. Empty when there are none, and when they cannot be read (the removal is done either way; `src token list`
 * says what is wrong with the file).
 */
async function tokensNaming(context: CommandContext, slug: string): Promise<string[]> {
  try {
    const tokens =
      context.remote !== undefined
        ? (await (await context.remoteClient()).tokens.list()).tokens
        : context.storeUrl === undefined &&
            !existsSync(join(resolveSrcHome({ home: context.home }), "agent-tokens.json"))
          ? []
          : await (await agentTokenStoreOf(context)).list();
    return tokens.filter((token) => token.sources?.includes(slug) === true).map((token) => token.name);
  } catch {
    return [];
  }
}

/** `src source remove SLUG`: removes the config and its credential, and names the agent tokens that still name it. */
export function registerSourceRemove(source: Command): void {
  source
    .command("remove")
    .description("remove a source: its config.json and its stored credential")
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          await (await context.operations()).removeSource(slug!);
          const namedBy = await tokensNaming(context, slug!);
          if (context.json) {
            writeJson({ removed: slug, ...(namedBy.length === 0 ? {} : { stillNamedByTokens: namedBy }) });
            return;
          }
          writeLine(`Removed source "${slug}" and its credential.`);
          if (namedBy.length > 0)
            writeLine(
              `Agent tokens that still name "${slug}": ${namedBy.join(", ")}. A source added again as "${slug}" is theirs to call; \`src token revoke NAME\` ends one.`,
            );
        },
        { remote: true },
      ),
    );
}
