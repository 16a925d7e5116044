import type { Command } from "commander";
import { defineAction } from "../define-action";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";

/** `src source reload SLUG`: the spec's `/source reload {slug}`. */
export function registerSourceReload(source: Command): void {
  source
    .command("reload")
    .description(
      "re-read config.json from disk, re-check it, re-test it against its testEndpoint, save and report the status",
    )
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          const service = await context.operations();
          const result = await withProgress(context, `Reloading ${slug}`, () => service.reloadSource(slug!));
          return printOperationResult(
            context,
            result,
            `Reloaded source "${result.source.slug}" (${result.source.api.baseUrl}${result.source.api.testEndpoint})`,
          );
        },
        { remote: true },
      ),
    );
}
