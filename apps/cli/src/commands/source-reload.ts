import type { Command } from "commander";
import { defineAction } from "../define-action";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";

/**
 * The action of `src source reload SLUG` and `src source test SLUG`: the service re-reads config.json, re-checks it,
 * re-tests it against its testEndpoint and saves the status (one step: validating what is on disk now re-reads it
 * anyway). `doing` names the step while it runs (`Reloading`), `done` the result (`Reloaded`).
 */
export function reloadSourceAction(doing: string, done: string): (...commanderArgs: unknown[]) => Promise<void> {
  return defineAction(
    async (context, _options, [slug]) => {
      const service = await context.operations();
      const result = await withProgress(context, `${doing} ${slug}`, () => service.reloadSource(slug!));
      return printOperationResult(
        context,
        result,
        `${done} source "${result.source.slug}" (${result.source.api.baseUrl.replace(/\/+$/, "")}${result.source.api.testEndpoint})`,
      );
    },
    { remote: true },
  );
}

/** `src source reload SLUG`: the spec's `/source reload {slug}`. */
export function registerSourceReload(source: Command): void {
  source
    .command("reload")
    .description(
      "re-read config.json from disk, re-check it, re-test it against its testEndpoint, save and report the status",
    )
    .argument("<slug>", "the source")
    .action(reloadSourceAction("Reloading", "Reloaded"));
}
