import type { Command } from "commander";
import { defineAction } from "../define-action";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";

/** `src source test SLUG`: validates the source now, as `src source reload` does after re-reading its config. */
export function registerSourceTest(source: Command): void {
  source
    .command("test")
    .description(
      "validate a source now: call its testEndpoint with the stored credential, save and report the status (exit 1 unless connected)",
    )
    .argument("<slug>", "the source")
    .action(
      defineAction(
        async (context, _options, [slug]) => {
          const service = await context.operations();
          // The service validates what is on disk now: the same step as reload, which re-reads the config first anyway.
          const result = await withProgress(context, `Testing ${slug}`, () => service.reloadSource(slug!));
          return printOperationResult(
            context,
            result,
            `Tested source "${result.source.slug}" (${result.source.api.baseUrl}${result.source.api.testEndpoint})`,
          );
        },
        { remote: true },
      ),
    );
}
