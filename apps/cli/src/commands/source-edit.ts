import type { Command } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { collectApiField, type ApiFieldFlags } from "../input/collect-api-fields";
import { collectHeader, mergeHeaders, type HeaderFlags } from "../input/collect-headers";
import { resolve } from "node:path";
import { writeError, writeJson, writeLine } from "../output/write-output";
import { hasPolicyFlags, policyFromFlags, registerPolicyOptions, type PolicyFlags } from "../input/policy-flags";

interface SourceEditFlags extends PolicyFlags {
  openapi?: string;
  name?: string;
  baseUrl?: string;
  testEndpoint?: string;
  headerName?: string;
  queryParam?: string;
  header?: HeaderFlags;
  api?: ApiFieldFlags;
}

const flagList = "--name, --base-url, --test-endpoint, --header-name, --query-param, --openapi, --header Name=value, --api key=value, or a policy flag (--read-only, --read-write, --allow, --deny, --confirm, --rate-limit, --tools)";

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
    .option("--header-name <header>", "new header that carries the key (--auth header)")
    .option("--query-param <name>", "new query parameter that carries the key (--auth query)")
    .option("--header <name=value>", 'a fixed header sent on every request, e.g. --header "Notion-Version=2022-06-28"; Name= removes it; repeat it', collectHeader)
    .option("--api <key=value>", "an api field of a custom auth mode; key= removes it; repeat it", collectApiField);
  registerPolicyOptions(edit, { editing: true }).action(
      defineAction<SourceEditFlags>(async (context, flags, [slug]) => {
        const service = await context.service();
        const api: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(flags.api ?? {})) api[key] = value === "" ? undefined : value;
        if (flags.baseUrl !== undefined) api.baseUrl = flags.baseUrl;
        if (flags.openapi !== undefined) api.openapi = flags.openapi === "" ? undefined : /^https?:\/\//i.test(flags.openapi) ? flags.openapi : resolve(flags.openapi);
        if (flags.testEndpoint !== undefined) api.testEndpoint = flags.testEndpoint;
        if (flags.headerName !== undefined) api.headerName = flags.headerName;
        if (flags.queryParam !== undefined) api.queryParam = flags.queryParam;
        if (flags.header !== undefined) {
          const headers = mergeHeaders((await service.getSource(slug!)).source.api.headers, flags.header);
          api.headers = Object.keys(headers).length === 0 ? undefined : headers;
        }
        if (hasPolicyFlags(flags)) {
          // Each list given replaces the source's; the rest of its policy stays.
          api.policy = policyFromFlags((await service.getSource(slug!)).source.api.policy, flags);
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
