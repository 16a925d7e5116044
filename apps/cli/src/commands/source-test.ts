import type { Command } from "commander";
import { reloadSourceAction } from "./source-reload";

/** `src source test SLUG`: validates the source now, as `src source reload` does after re-reading its config. */
export function registerSourceTest(source: Command): void {
  source
    .command("test")
    .description(
      "validate a source now: call its testEndpoint with the stored credential, save and report the status (exit 1 unless connected)",
    )
    .argument("<slug>", "the source")
    .action(reloadSourceAction("Testing", "Tested"));
}
