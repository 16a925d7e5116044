import type { Command } from "commander";
import { defineAction } from "../define-action";
import { readCredential, type CredentialSources } from "../input/read-credential";
import { storedPlainFields } from "../input/stored-plain-fields";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";
import { writeError } from "../output/write-output";

/** `src credential set SLUG`: store or replace the credential, then validate. */
export function registerCredentialSet(credential: Command): void {
  credential
    .command("set")
    .description("store or replace a source's credential (encrypted), then validate the source")
    .argument("<slug>", "the source")
    .option("--username <user>", "user name (--auth basic); default: the stored one")
    .option("--credential-stdin", "read the secret (token, key, password or client secret) from stdin")
    .action(
      defineAction<CredentialSources>(async (context, flags, [slug]) => {
        const [service, registry] = await Promise.all([context.operations(), context.authRegistry()]);
        const { source } = await service.getSource(slug!);
        const plugin = registry.get(source.api.authType);
        // Remotely the stored credential is the server's: it is never sent back, so --username is asked for again.
        const stored = flags.username === undefined && context.remote === undefined ? await storedPlainFields(await context.service(), slug!, plugin) : {};
        if (stored.username !== undefined && !context.json) writeError("Using the stored username; give --username to change it.");
        const secret = await readCredential(context, plugin, flags, "src credential set", stored, !(source.api.authType === "oauth2" && source.api.clientAuth === "none"));
        const result = await withProgress(context, `Storing the credential and calling ${source.api.testEndpoint}`, () => service.setCredential(slug!, secret));
        return printOperationResult(context, result, `Stored the credential of "${slug}".`);
      }, { remote: true }),
    );
}
