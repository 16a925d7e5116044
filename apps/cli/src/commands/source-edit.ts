import type { Command } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { collectApiField, type ApiFieldFlags } from "../input/collect-api-fields";
import { collectHeader, mergeHeaders, type HeaderFlags } from "../input/collect-headers";
import { describeAuthFields } from "@src/auth";
import { registerFieldFlagAliases, type FieldAliasFlags } from "../input/field-flag-aliases";
import { valueOfKind } from "../input/read-auth-fields";
import { givenFieldsOf } from "./source-add";
import { resolve } from "node:path";
import { writeError, writeJson, writeLine } from "../output/write-output";

interface SourceEditFlags extends FieldAliasFlags {
  openapi?: string;
  name?: string;
  baseUrl?: string;
  testEndpoint?: string;
  header?: HeaderFlags;
  set?: ApiFieldFlags;
  api?: ApiFieldFlags;
}

const flagList = "--name, --base-url, --test-endpoint, --set FIELD=VALUE, --openapi or --header Name=value";

/** `src source edit SLUG`: change a source's fields in place; the whole record is checked again, nothing is written on error. */
export function registerSourceEdit(source: Command): void {
  const edit = source
    .command("edit")
    .description("change a source's fields; the record is checked again and a new base URL needs the credential set again")
    .argument("<slug>", "the source")
    .option("--name <name>", "new display name")
    .option("--openapi <file|url>", 'attach or replace the OpenAPI document (a file is copied into the source\'s folder, a URL fetched); --openapi "" removes it')
    .option("--base-url <url>", "new base URL; the stored credential is never sent to a new address: set it again afterwards")
    .option("--test-endpoint <path>", "new read-only path called to validate")
    .option("--set <field=value>", "an api field of the source's auth mode (`src source add --auth TYPE --help` lists them); FIELD= removes it; repeat it", collectApiField)
    .option("--api <key=value>", "same as --set (the older spelling)", collectApiField)
    .option("--header <name=value>", 'a fixed header sent on every request, e.g. --header "Notion-Version=2022-06-28"; Name= removes it; repeat it', collectHeader);
  registerFieldFlagAliases(edit, ["headerName", "queryParam", "tokenUrl", "authorizationUrl", "grant", "scopes", "audience", "clientAuth"]);
  edit.action(
      defineAction<SourceEditFlags>(async (context, flags, [slug]) => {
        const service = await context.service();
        const api: Record<string, unknown> = {};
        const given = givenFieldsOf(flags);
        if (Object.keys(given.values).length > 0) {
          // Each value in the kind the source's auth mode declares for it (a list, a number); FIELD= removes the field.
          const plugin = service.registry.find((await service.getSource(slug!)).source.api.authType);
          const declared = plugin === undefined ? [] : describeAuthFields(plugin).config;
          for (const [key, value] of Object.entries(given.values)) api[key] = value === "" ? undefined : valueOfKind(declared.find((field) => field.name === key), value);
        }
        if (flags.baseUrl !== undefined) api.baseUrl = flags.baseUrl;
        if (flags.openapi !== undefined) api.openapi = flags.openapi === "" ? undefined : /^https?:\/\//i.test(flags.openapi) ? flags.openapi : resolve(flags.openapi);
        if (flags.testEndpoint !== undefined) api.testEndpoint = flags.testEndpoint;
        if (flags.header !== undefined) {
          const headers = mergeHeaders((await service.getSource(slug!)).source.api.headers, flags.header);
          api.headers = Object.keys(headers).length === 0 ? undefined : headers;
        }
        if (flags.name === undefined && Object.keys(api).length === 0) {
          throw new UsageError({ message: `nothing to change: give at least one of ${flagList} (e.g. src source edit ${slug} --base-url https://api.example.com/v2)` });
        }
        const record = await service.updateSource(slug!, { ...(flags.name === undefined ? {} : { name: flags.name }), ...(Object.keys(api).length === 0 ? {} : { api }) });
        if (context.json) return writeJson({ source: record });
        writeLine(`Updated source "${record.slug}" (${record.name}) → ${record.api.baseUrl}; status: ${record.status.connectionStatus}.`);
        const document = record.status.openapi;
        if (flags.openapi !== undefined && flags.openapi !== "" && document !== undefined) {
          if (document.loaded) writeLine(`OpenAPI document: "${document.title ?? ""}" ${document.version ?? ""}, ${document.operations ?? 0} operations.`);
          else writeError(`warning: the OpenAPI document was not loaded: ${document.error ?? "unknown problem"}; the source works without it.`);
        }
        if (flags.baseUrl !== undefined && record.status.connectionStatus === "untested" && record.status.lastError !== null) {
          writeLine(record.status.lastError);
          writeLine(`Next: src credential set ${record.slug}`);
        }
      }),
    );
}
