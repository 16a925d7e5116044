import type { Command } from "commander";
import { defineAction } from "../define-action";
import { MissingInputError } from "../errors/missing-input-error";
import { InvalidInputError } from "../errors/invalid-input-error";
import { collectApiField, type ApiFieldFlags } from "../input/collect-api-fields";
import { collectHeader, mergeHeaders, type HeaderFlags } from "../input/collect-headers";
import { fieldsFromAliases, registerFieldFlagAliases, type FieldAliasFlags } from "../input/field-flag-aliases";
import { gatherSourceFields, type SourceFieldFlags } from "../input/gather-source-fields";
import { readApiFields, readCredentialFields, type GivenFields, type MissingFlags } from "../input/read-auth-fields";
import { needsSignIn } from "../input/sign-in-source";
import { printOperationResult } from "../output/print-operation-result";
import { withProgress } from "../output/with-progress";
import { readOpenApiForAdd } from "../input/read-openapi-for-add";
import { fillFromDocument, printOpenApiAddResult, refuseUnloadedDocument } from "../output/openapi-add-result";
import { policyFromFlags, registerPolicyOptions, type PolicyFlags } from "../input/policy-flags";
import { credentialModeOf, credentialsFlagDescription } from "../input/credentials-flag";

interface SourceAddFlags extends SourceFieldFlags, FieldAliasFlags, PolicyFlags {
  openapi?: string;
  credentialStdin?: boolean;
  disabled?: boolean;
  test: boolean;
  set?: ApiFieldFlags;
  api?: ApiFieldFlags;
  header?: HeaderFlags;
  credentials?: string;
}

/** The fields `--set`, `--api` and the alias flags give, by field name. */
export function givenFieldsOf(flags: FieldAliasFlags & { set?: ApiFieldFlags; api?: ApiFieldFlags }): GivenFields {
  const aliases = fieldsFromAliases(flags);
  const flagOf: Record<string, string> = { ...aliases.flagOf };
  for (const name of Object.keys(flags.api ?? {})) flagOf[name] ??= "--api";
  for (const name of Object.keys(flags.set ?? {})) flagOf[name] ??= "--set";
  return { values: { ...flags.api, ...flags.set, ...aliases.values }, flagOf };
}

/** `src source add`: write config.json, store the credential, validate (spec 1.6). */
export function registerSourceAdd(source: Command): void {
  const add = source
    .command("add")
    .description(
      "connect a REST API: write sources/<slug>/config.json, store the credential encrypted, then validate it",
    )
    .option(
      "--openapi <file|url>",
      "the API's OpenAPI document (3.0, 3.1, Swagger 2.0): fills in every field not given from it, checks calls against it, lets agents search its operations",
    )
    .option("--name <name>", "display name of the source")
    .option("--slug <slug>", "short identifier (default: derived from the name)")
    .option("--base-url <url>", "absolute base URL of the API, e.g. https://api.example.com/v1")
    .option(
      "--auth <type>",
      "auth mode: a built-in type or one from SRC_AUTH_PLUGINS (listed below); `src source add --auth TYPE --help` lists its fields",
    )
    .option(
      "--set <field=value>",
      "a field of the auth mode that is not secret (an api field, or a credential field such as a user name), e.g. --set region=eu-west-1; repeat it",
      collectApiField,
    )
    .option("--api <key=value>", "same as --set (the older spelling)", collectApiField)
    .option("--test-endpoint <path>", "read-only path called to validate, e.g. /me or /items?limit=1")
    .option(
      "--header <name=value>",
      'a fixed header sent on every request (never a secret), e.g. --header "Notion-Version=2022-06-28"; repeat it',
      collectHeader,
    )
    .option(
      "--credential-stdin",
      'read the secret from stdin: the raw value when the mode has one secret field, else a JSON object of the credential\'s fields (secret or not: {"username":"…","password":"…"})',
    )
    .option("--credentials <mode>", credentialsFlagDescription)
    .option("--disabled", "add the source disabled (default: enabled)")
    .option("--no-test", "do not validate after connecting");
  registerFieldFlagAliases(add);
  registerPolicyOptions(add, { editing: false });
  add.action(
    defineAction<SourceAddFlags>(
      async (context, flags) => {
        const [service, registry] = await Promise.all([context.operations(), context.authRegistry()]);
        const credentialStdin = flags.credentialStdin === true;
        const credentialMode = credentialModeOf(flags.credentials);
        // A per-user source needs no credential to be added: each person connects their own (a secret given on stdin is the operator's own, principal "local").
        const perUser = credentialMode === "per-user";
        // The document first: a broken one stops the command before anything else is asked or written.
        const openapi =
          flags.openapi === undefined
            ? undefined
            : await readOpenApiForAdd(flags.openapi, { nothingDone: "nothing was added" });
        const given = givenFieldsOf(flags);
        const document = openapi === undefined ? undefined : fillFromDocument(flags, given, openapi, registry);
        if (openapi?.behindCredential !== undefined && !(!credentialStdin && context.interactive)) {
          // Nothing came from the document: say why before naming the flags it would have filled in.
          const unfilled = [
            ["--name", flags.name],
            ["--base-url", flags.baseUrl],
            ["--auth", flags.auth],
            ["--test-endpoint", flags.testEndpoint],
          ]
            .filter(([, value]) => value === undefined)
            .map(([flag]) => flag!);
          if (unfilled.length > 0) {
            throw new InvalidInputError({
              flag: "--openapi",
              problem: `${openapi.behindCredential}, so it fills in nothing: give ${unfilled.join(", ")} as well (the document is fetched with the credential once the source exists); nothing was added`,
            });
          }
        }
        const fields = document?.given ?? given;
        const missing: MissingFlags = [];
        const command = "src source add";
        const source = await gatherSourceFields(context, registry, flags, { ask: !credentialStdin, missing });
        // A document that gave no auth mode says why --auth is needed: none of its security schemes fits a mode.
        const authAt = missing.indexOf("--auth");
        if (authAt >= 0 && openapi?.fields !== undefined && document?.auth === undefined)
          missing[authAt] =
            `--auth MODE (the document names no security scheme src takes a mode from; one of ${registry.types.join(", ")})`;
        const plugin = source.auth === undefined ? undefined : registry.get(source.auth);
        const authFields =
          plugin === undefined
            ? {}
            : await readApiFields(context, plugin, fields, { ask: !credentialStdin, missing, command });
        const api: Record<string, unknown> = {
          ...authFields,
          baseUrl: source.baseUrl,
          authType: source.auth,
          testEndpoint: source.testEndpoint,
        };
        const config = plugin?.configSchema.safeParse(api);
        const credential =
          plugin === undefined || (perUser && !credentialStdin)
            ? perUser
              ? undefined
              : {}
            : await readCredentialFields(
                context,
                plugin,
                config?.success === true ? (config.data as Record<string, unknown>) : api,
                { given: fields, credentialStdin },
                { missing, command },
              );
        if (plugin === undefined && !credentialStdin && !perUser) missing.push("--credential-stdin");
        if (credentialMode !== undefined) api.credentials = credentialMode;
        if (missing.length > 0) throw new MissingInputError({ command, flags: missing });
        if (flags.header !== undefined) api.headers = mergeHeaders(undefined, flags.header);
        // With --server a file is uploaded (the server cannot read this machine's files); a URL the server fetches itself.
        const upload =
          context.remote !== undefined && openapi?.text !== undefined
            ? {
                name: /\.ya?ml$/i.test(openapi.location) ? ("openapi.yaml" as const) : ("openapi.json" as const),
                text: openapi.text,
              }
            : undefined;
        if (openapi !== undefined && upload === undefined) api.openapi = openapi.location;
        const policy = policyFromFlags(undefined, flags);
        if (policy !== undefined) api.policy = policy;
        const input = {
          type: "api",
          name: source.name,
          ...(source.slug === undefined ? {} : { slug: source.slug }),
          enabled: flags.disabled !== true,
          api,
        };
        // A source whose credential needs a person to sign in first has nothing to test before `src auth login`, which validates it
        // (a server decides that itself, after its discovery).
        const test =
          flags.test &&
          (context.remote !== undefined ||
            !(
              plugin !== undefined &&
              config?.success === true &&
              needsSignIn(plugin, source.slug ?? "", config.data as Record<string, unknown>, credential ?? {})
            ));
        const result = await withProgress(context, `Connecting ${source.name} and calling ${source.testEndpoint}`, () =>
          service.addSource({ input, credential, test, ...(upload === undefined ? {} : { openapiDocument: upload }) }),
        );
        if (openapi === undefined)
          return printOperationResult(
            context,
            result,
            `Added source "${result.source.slug}" (${result.source.name}) → ${result.source.api.baseUrl}`,
          );
        await refuseUnloadedDocument(service, result.source, openapi);
        return printOpenApiAddResult(context, result, openapi, document);
      },
      { remote: true },
    ),
  );
}
