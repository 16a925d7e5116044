import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { defineAction } from "../define-action";
import { EXIT_CODES } from "../exit-codes";
import { InvalidInputError } from "../errors/invalid-input-error";
import { readStdinText } from "../input/read-stdin-text";
import { writeError, writeJson, writeLine } from "../output/write-output";

/**
 * `src source import FILE`: creates the sources of a `src source export`
 * document (`-` reads stdin), untested and without credentials. Every record
 * is checked first; any problem lists them all and nothing is written.
 */
export function registerSourceImport(source: Command): void {
  source
    .command("import")
    .description(
      "create the sources of a `src source export` file (- for stdin); checks every record first and changes nothing on error",
    )
    .argument("<file>", "the export document, or - for stdin")
    .action(
      defineAction(async (context, _options, [file]) => {
        let text: string;
        try {
          text = file === "-" ? await readStdinText({ flag: "FILE (-)" }) : await readFile(file!, "utf8");
        } catch (error) {
          throw new InvalidInputError({
            flag: "FILE",
            problem: `cannot read ${JSON.stringify(file)} (${(error as NodeJS.ErrnoException).code ?? "error"}); check the path`,
            cause: error,
          });
        }
        let document: unknown;
        try {
          document = JSON.parse(text) as unknown;
        } catch (error) {
          throw new InvalidInputError({
            flag: "FILE",
            problem: `${file === "-" ? "stdin" : JSON.stringify(file)} is not JSON (${(error as Error).message}); make it with \`src source export > FILE\``,
            cause: error,
          });
        }
        const { importSources } = await import("@src/service");
        const created = await importSources(await context.service(), document, {
          origin: file === "-" ? "stdin" : file!,
        });
        // An export carries configs only: a document file named by a record is not in this home yet.
        for (const record of created) {
          const document = record.api.openapi;
          if (document === undefined || /^https?:\/\//i.test(document)) continue;
          writeError(
            `warning: "${record.slug}" names the OpenAPI document ${JSON.stringify(document)}, which an export does not carry; ${(record.api.openapiValidation ?? "strict") === "strict" ? "its calls are refused until it is given" : "its calls are not checked until it is given"}: \`src source edit ${record.slug} --openapi FILE\``,
          );
        }
        if (context.json) {
          writeJson({ imported: created });
        } else {
          const slugs = created.map((record) => record.slug);
          if (created.length === 0) writeLine("The file holds no sources; nothing was imported.");
          else {
            // The next step as commands that work as printed: each asks for its secret (and user name) with hidden input.
            writeLine(
              `Imported ${created.length} source${created.length === 1 ? "" : "s"} (untested, no credential): ${slugs.join(", ")}. Store each credential:`,
            );
            for (const slug of slugs) writeLine(`  src credential set ${slug}`);
          }
        }
        return EXIT_CODES.SUCCESS;
      }),
    );
}
