import type { Command } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { collectApiField, type ApiFieldFlags } from "../input/collect-api-fields";
import { collectHeader, mergeHeaders, type HeaderFlags } from "../input/collect-headers";
import { describeAuthFields } from "@src/auth";
import { registerFieldFlagAliases, type FieldAliasFlags } from "../input/field-flag-aliases";
import { sourceApiFieldOf, valueOfKind } from "../input/read-auth-fields";
import { givenFieldsOf } from "./source-add";
import { resolve } from "node:path";
import { writeError, writeJson, writeLine } from "../output/write-output";
import { InvalidInputError } from "../errors/invalid-input-error";
import { credentialModeOf, credentialsFlagDescription } from "../input/credentials-flag";
import { readOpenApiForAdd } from "../input/read-openapi-for-add";
import { credentialSetCommand } from "../output/cli-hint";
import { hasPolicyFlags, policyFromFlags, registerPolicyOptions, type PolicyFlags } from "../input/policy-flags";

interface SourceEditFlags extends FieldAliasFlags, PolicyFlags {
  openapi?: string;
  name?: string;
  baseUrl?: string;
  testEndpoint?: string;
  header?: HeaderFlags;
  set?: ApiFieldFlags;
  api?: ApiFieldFlags;
  credentials?: string;
}

const flagList =
  "--name, --base-url, --test-endpoint, --credentials, --set FIELD=VALUE, --openapi, --header Name=value, or a policy flag (--read-only, --read-write, --allow, --deny, --confirm, --rate-limit, --tools)";

/** `src source edit SLUG`: change a source's fields in place; the whole record is checked again, nothing is written on error. */
export function registerSourceEdit(source: Command): void {
  const edit = source
    .command("edit")
    .description(
      "change a source's fields; the record is checked again and a new base URL needs the credential set again",
    )
    .argument("<slug>", "the source")
    .option("--name <name>", "new display name")
    .option(
      "--openapi <file|url>",
      'attach or replace the OpenAPI document (a file is copied into the source\'s folder, a URL fetched); --openapi "" removes it',
    )
    .option(
      "--base-url <url>",
      "new base URL; the stored credential is never sent to a new address: set it again afterwards",
    )
    .option("--test-endpoint <path>", "new read-only path called to validate")
    .option(
      "--set <field=value>",
      "an api field of the source's auth mode (`src source add --auth TYPE --help` lists them); FIELD= removes it; repeat it",
      collectApiField,
    )
    .option("--api <key=value>", "same as --set (the older spelling)", collectApiField)
    .option(
      "--header <name=value>",
      'a fixed header sent on every request, e.g. --header "Notion-Version=2022-06-28"; Name= removes it; repeat it',
      collectHeader,
    )
    .option("--credentials <mode>", credentialsFlagDescription);
  registerFieldFlagAliases(edit, [
    "headerName",
    "queryParam",
    "tokenUrl",
    "authorizationUrl",
    "grant",
    "scopes",
    "audience",
    "clientAuth",
  ]);
  registerPolicyOptions(edit, { editing: true }).action(
    defineAction<SourceEditFlags>(async (context, flags, [slug]) => {
      const service = await context.service();
      const api: Record<string, unknown> = {};
      const given = givenFieldsOf(flags);
      if (Object.keys(given.values).length > 0) {
        // Each value in the kind the source's auth mode declares for it (a list, a number); FIELD= removes the field.
        const plugin = service.registry.find((await service.getSource(slug!)).source.api.authType);
        const declared = plugin === undefined ? [] : describeAuthFields(plugin).config;
        for (const [key, value] of Object.entries(given.values))
          api[key] =
            value === ""
              ? undefined
              : valueOfKind(declared.find((field) => field.name === key) ?? sourceApiFieldOf(key), value);
      }
      if (flags.baseUrl !== undefined) api.baseUrl = flags.baseUrl;
      if (flags.openapi !== undefined)
        api.openapi =
          flags.openapi === ""
            ? undefined
            : /^https?:\/\//i.test(flags.openapi)
              ? flags.openapi
              : resolve(flags.openapi);
      if (flags.testEndpoint !== undefined) api.testEndpoint = flags.testEndpoint;
      const credentialMode = credentialModeOf(flags.credentials);
      if (credentialMode !== undefined) api.credentials = credentialMode;
      if (hasPolicyFlags(flags)) {
        // Each list given replaces the source's; the rest of its policy stays.
        api.policy = policyFromFlags((await service.getSource(slug!)).source.api.policy, flags);
      }
      // `--header` counts as a change of its own (it is merged into the stored headers below).
      if (flags.name === undefined && Object.keys(api).length === 0 && flags.header === undefined) {
        throw new UsageError({
          message: `nothing to change: give at least one of ${flagList} (e.g. src source edit ${slug} --base-url https://api.example.com/v2)`,
        });
      }
      const { source: before } = await service.getSource(slug!);
      if (flags.header !== undefined) {
        const headers = mergeHeaders(before.api.headers, flags.header);
        api.headers = Object.keys(headers).length === 0 ? undefined : headers;
      }
      // A new document is read first: a broken one stops the command before anything is written.
      const document =
        flags.openapi === undefined || flags.openapi === ""
          ? undefined
          : await readOpenApiForAdd(flags.openapi, { nothingDone: "nothing was changed" });
      const record = await service.updateSource(slug!, {
        ...(flags.name === undefined ? {} : { name: flags.name }),
        ...(Object.keys(api).length === 0 ? {} : { api }),
      });
      if (document !== undefined && record.status.openapi?.loaded !== true) {
        // Fetched with the credential and still not loaded: put the previous document back, so nothing changed.
        const problem = record.status.openapi?.error ?? "unknown problem";
        await service.updateSource(slug!, { api: { openapi: before.api.openapi } });
        const fetched =
          document.behindCredential === undefined ? "" : `${document.behindCredential}, and with the credential `;
        throw new InvalidInputError({
          flag: "--openapi",
          problem: `${fetched}the document could not be loaded: ${problem}; the source keeps its previous document`,
        });
      }
      if (context.json) return writeJson({ source: record });
      writeLine(
        `Updated source "${record.slug}" (${record.name}) → ${record.api.baseUrl}; status: ${record.status.connectionStatus}.`,
      );
      const loaded = record.status.openapi;
      if (document !== undefined && loaded?.loaded === true)
        writeLine(
          `OpenAPI document: "${loaded.title ?? ""}" ${loaded.version ?? ""}, ${loaded.operations ?? 0} operations.`,
        );
      const { describeRulesNamingNothing } = await import("@src/service");
      for (const warning of describeRulesNamingNothing(record)) writeError(warning);
      if (
        flags.baseUrl !== undefined &&
        record.status.connectionStatus === "untested" &&
        record.status.lastError !== null
      ) {
        if (record.api.credentials === "per-user") {
          // No shared credential to store again: each person's own belongs to the old address, the operator's too.
          writeLine(
            "The credentials people connected belong to the old address and are never sent to the new one: each person connects again (their agent's next call gives them a link), and the operator stores their own again.",
          );
          writeLine(`Next: src credential set ${record.slug} --principal local`);
        } else {
          writeLine(
            "The stored credential belongs to the old address and is never sent to the new one: store it again for the new address (that tests the source again).",
          );
          writeLine(`Next: ${credentialSetCommand(record.slug)}`);
        }
      }
    }),
  );
}
