import type { Command } from "commander";
import { defineAction } from "../define-action";
import { MissingInputError } from "../errors/missing-input-error";
import { collectApiField, type ApiFieldFlags } from "../input/collect-api-fields";
import { registerFieldFlagAliases, type FieldAliasFlags } from "../input/field-flag-aliases";
import { readCredentialFields, type MissingFlags } from "../input/read-auth-fields";
import { storedPlainFields } from "../input/stored-plain-fields";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";
import { writeError, writeJson, writeLine } from "../output/write-output";
import { InvalidInputError } from "../errors/invalid-input-error";
import { givenFieldsOf } from "./source-add";
import { principalFlag } from "../input/principal-flag";

interface CredentialSetFlags extends FieldAliasFlags {
  credentialStdin?: boolean;
  principal?: string;
  set?: ApiFieldFlags;
}

/** `src credential set SLUG`: store or replace the credential, then validate. */
export function registerCredentialSet(credential: Command): void {
  const set = credential
    .command("set")
    .description("store or replace a source's credential (encrypted), then validate the source")
    .argument("<slug>", "the source")
    .option(
      "--set <field=value>",
      "a credential field that is not secret (a user name, a key id); default: the stored one; repeat it",
      collectApiField,
    )
    .option(
      "--credential-stdin",
      'read the secret from stdin: the raw value when the mode has one secret field, else a JSON object of the credential\'s fields (secret or not: {"username":"…","password":"…"})',
    )
    .option(
      "--principal <principal>",
      "a per-user source: store this person's own credential (idp:SUB, grant:NAME, token:NAME or local) on their behalf; not tested",
    );
  registerFieldFlagAliases(set, ["username", "clientId"]);
  set.action(
    defineAction<CredentialSetFlags>(
      async (context, flags, [slug]) => {
        principalFlag(flags.principal, "nothing was stored");
        const [service, registry] = await Promise.all([context.operations(), context.authRegistry()]);
        const { source } = await service.getSource(slug!);
        // Shared and per-user never mix: refused before any secret is read.
        const perUser = source.api.credentials === "per-user";
        if (flags.principal !== undefined && !perUser) {
          throw new InvalidInputError({
            flag: "--principal",
            problem: `source "${slug}" shares one credential (api.credentials is "shared"): leave out --principal, or make the source per-user first (src source edit ${slug} --credentials per-user); nothing was stored`,
          });
        }
        if (flags.principal === undefined && perUser) {
          throw new InvalidInputError({
            flag: "--principal",
            problem: `source "${slug}" sends each person's own credential (api.credentials is "per-user"): give --principal P (e.g. --principal idp:alice) to store one person's; nothing was stored`,
          });
        }
        const plugin = registry.get(source.api.authType);
        const parsed = plugin.configSchema.safeParse(source.api);
        const config = parsed.success ? (parsed.data as Record<string, unknown>) : source.api;
        const given = givenFieldsOf(flags);
        // Remotely the stored credential is the server's: it is never sent back, so its plain fields are asked for again.
        const stored =
          context.remote === undefined && !perUser
            ? await storedPlainFields(await context.service(), slug!, plugin, config)
            : {};
        const missing: MissingFlags = [];
        const secret = await readCredentialFields(
          context,
          plugin,
          config,
          {
            given,
            credentialStdin: flags.credentialStdin === true,
            stored,
            keepsStored: (kept) => {
              if (!context.json)
                writeError(`Using the stored ${kept.join(", ")}; give --set ${kept[0]}=VALUE to change it.`);
            },
            refuseUnknown: true,
          },
          { missing, command: "src credential set" },
        );
        if (missing.length > 0) throw new MissingInputError({ command: "src credential set", flags: missing });
        if (flags.principal !== undefined) {
          const principal = flags.principal;
          const stored = await service.setConnection(slug!, principal, secret);
          if (context.json) return writeJson({ slug, principal, stored: true, source: stored.source });
          writeLine(
            `Stored the credential of ${principal} for "${slug}" (encrypted, bound to the source and the principal; not tested).`,
          );
          return;
        }
        const result = await withProgress(
          context,
          `Storing the credential and calling ${source.api.testEndpoint}`,
          () => service.setCredential(slug!, secret),
        );
        return printOperationResult(context, result, `Stored the credential of "${slug}".`);
      },
      { remote: true },
    ),
  );
}
