import type { Command } from "commander";
import { defineAction } from "../define-action";
import { brokenFileProblems } from "../output/broken-file-problems";
import { EXIT_CODES } from "../exit-codes";
import { writeError, writeJson } from "../output/write-output";

/**
 * `src source export [SLUG...]`: the operator fields of the sources (default all)
 * as one JSON document on stdout, for `src source import` in another home.
 * Never credentials, ids, timestamps or status.
 */
export function registerSourceExport(source: Command): void {
  source
    .command("export")
    .description(
      "print the configs of the sources (default: all) as one JSON document for `src source import`; never credentials",
    )
    .argument("[slugs...]", "only these sources")
    .action(
      defineAction(async (context, _options, [slugs]) => {
        const { exportSources } = await import("@src/service");
        const { document, skipped } = await exportSources(
          await context.service(),
          (slugs as unknown as string[] | undefined) ?? [],
        );
        writeJson(document);
        for (const broken of skipped)
          writeError(
            `warning: left out "${broken.slug}": its ${broken.file} is broken (${brokenFileProblems(broken.error)}); fix it with \`src source reload ${broken.slug}\` and export again`,
          );
        const files = document.sources.filter(
          (record) => record.api.openapi !== undefined && !/^https?:\/\//i.test(record.api.openapi),
        );
        if (files.length > 0)
          writeError(
            `note: the export holds configs only, not the OpenAPI document files of ${files.map((record) => `"${record.slug}" (${record.api.openapi})`).join(", ")}; after \`src source import\`, give each with \`src source edit SLUG --openapi FILE\``,
          );
        if (!context.json)
          writeError(
            `Exported ${document.sources.length} source${document.sources.length === 1 ? "" : "s"} (configs only, no credentials); load them elsewhere with \`src source import FILE\`.`,
          );
        return skipped.length === 0 ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
      }),
    );
}
