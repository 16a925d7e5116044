import type { Command } from "commander";
import { defineAction } from "../define-action";
import { UsageError } from "../errors/usage-error";
import { InvalidInputError } from "../errors/invalid-input-error";
import { collectApiField, type ApiFieldFlags } from "../input/collect-api-fields";
import { collectHeader, mergeHeaders, type HeaderFlags } from "../input/collect-headers";
import { gatherSourceFields, type SourceFieldFlags } from "../input/gather-source-fields";
import { oauth2ApiFields, registerOAuth2Options, type OAuth2Flags } from "../input/oauth2-flags";
import { readCredential } from "../input/read-credential";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";
import { readOpenApiForAdd } from "../input/read-openapi-for-add";
import { fillFromDocument, printOpenApiAddResult, refuseUnloadedDocument } from "../output/openapi-add-result";
import { policyFromFlags, registerPolicyOptions, type PolicyFlags } from "../input/policy-flags";

interface SourceAddFlags extends SourceFieldFlags, OAuth2Flags, PolicyFlags {
  openapi?: string;
  username?: string;
  credentialStdin?: boolean;
  disabled?: boolean;
  test: boolean;
  api?: ApiFieldFlags;
  header?: HeaderFlags;
}

/** `src source add`: write config.json, store the credential, validate (spec 1.6). */
export function registerSourceAdd(source: Command): void {
  const add = source
    .command("add")
    .description("connect a REST API: write sources/<slug>/config.json, store the credential encrypted, then validate it")
    .option("--openapi <file|url>", "the API's OpenAPI document (3.0, 3.1, Swagger 2.0): fills in every field not given from it, checks calls against it, lets agents search its operations")
    .option("--name <name>", "display name of the source")
    .option("--slug <slug>", "short identifier (default: derived from the name)")
    .option("--base-url <url>", "absolute base URL of the API, e.g. https://api.example.com/v1")
    .option("--auth <type>", "auth mode: bearer|header|query|basic or a type from SRC_AUTH_PLUGINS")
    .option("--header-name <header>", "header that carries the key (--auth header)")
    .option("--query-param <name>", "query parameter that carries the key (--auth query)")
    .option("--api <key=value>", "an extra api field of a custom auth mode, e.g. --api keyId=team-key-1 (--auth hmac); repeat it", collectApiField)
    .option("--test-endpoint <path>", "read-only path called to validate, e.g. /me or /items?limit=1")
    .option("--header <name=value>", 'a fixed header sent on every request (never a secret), e.g. --header "Notion-Version=2022-06-28"; repeat it', collectHeader)
    .option("--username <user>", "user name (--auth basic); the password is read like any secret")
    .option("--credential-stdin", "read the secret (token, key, password or client secret) from stdin")
    .option("--disabled", "add the source disabled (default: enabled)")
    .option("--no-test", "do not validate after connecting");
  registerOAuth2Options(add);
  registerPolicyOptions(add, { editing: false });
  add.action(
      defineAction<SourceAddFlags>(async (context, flags) => {
        const [service, registry] = await Promise.all([context.operations(), context.authRegistry()]);
        const ask = flags.credentialStdin !== true;
        if (flags.openapi !== undefined && context.remote !== undefined) {
          throw new UsageError({ message: "--openapi reads the document on this machine: run src source add --openapi on the server's machine, without --server and SRC_SERVER" });
        }
        // The document first: a broken one stops the command before anything else is asked or written.
        const openapi = flags.openapi === undefined ? undefined : await readOpenApiForAdd(flags.openapi, { nothingDone: "nothing was added" });
        if (openapi !== undefined) fillFromDocument(flags, openapi);
        if (openapi?.behindCredential !== undefined && !(ask && context.interactive)) {
          // Nothing came from the document: say why before naming the flags it would have filled in.
          const missing = [["--name", flags.name], ["--base-url", flags.baseUrl], ["--auth", flags.auth], ["--test-endpoint", flags.testEndpoint]].filter(([, value]) => value === undefined).map(([flag]) => flag!);
          if (missing.length > 0) {
            throw new InvalidInputError({
              flag: "--openapi",
              problem: `${openapi.behindCredential}, so it fills in nothing: give ${missing.join(", ")} as well (the document is fetched with the credential once the source exists); nothing was added`,
            });
          }
        }
        const fields = await gatherSourceFields(context, registry, flags, ask);
        const plugin = registry.get(fields.auth);
        // A public client (--client-auth none) has no client secret to ask for.
        const credential = await readCredential(context, plugin, flags, "src source add", {}, !(fields.auth === "oauth2" && flags.clientAuth === "none"));
        const api: Record<string, unknown> = { ...flags.api, ...oauth2ApiFields(flags), baseUrl: fields.baseUrl, authType: fields.auth, testEndpoint: fields.testEndpoint };
        if (fields.headerName !== undefined) api.headerName = fields.headerName;
        if (fields.queryParam !== undefined) api.queryParam = fields.queryParam;
        if (flags.header !== undefined) api.headers = mergeHeaders(undefined, flags.header);
        if (openapi !== undefined) api.openapi = openapi.location;
        const policy = policyFromFlags(undefined, flags);
        if (policy !== undefined) api.policy = policy;
        const input = { type: "api", name: fields.name, ...(fields.slug === undefined ? {} : { slug: fields.slug }), enabled: flags.disabled !== true, api };
        const result = await withProgress(context, `Connecting ${fields.name} and calling ${fields.testEndpoint}`, () =>
          // An authorization code source has no token before `src auth login`, which validates it.
          service.addSource({ input, credential, test: flags.test && api.grant !== "authorization_code" }),
        );
        if (openapi === undefined) return printOperationResult(context, result, `Added source "${result.source.slug}" (${result.source.name}) → ${result.source.api.baseUrl}`);
        await refuseUnloadedDocument(service, result.source, openapi);
        return printOpenApiAddResult(context, result, openapi, flags);
      }, { remote: true }),
    );
}
