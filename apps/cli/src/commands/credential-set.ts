import type { Command } from "commander";
import { defineAction } from "../define-action";
import { readCredential, type CredentialSources } from "../input/read-credential";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";

/** `src credential set SLUG`: store or replace the credential, then validate. */
export function registerCredentialSet(credential: Command): void {
  credential
    .command("set")
    .description("store or replace a source's credential (encrypted), then validate the source")
    .argument("<slug>", "the source")
    .option("--username <user>", "user name (--auth basic)")
    .option("--credential-stdin", "read the secret (token, key or password) from stdin")
    .action(
      defineAction<CredentialSources>(async (context, flags, [slug]) => {
        const service = await context.service();
        const { source } = await service.getSource(slug!);
        const secret = await readCredential(context, service.registry.get(source.api.authType), flags, "src credential set");
        const result = await withProgress(context, `Storing the credential and calling ${source.api.testEndpoint}`, () => service.setCredential(slug!, secret));
        return printOperationResult(context, result, `Stored the credential of "${slug}".`);
      }),
    );
}
