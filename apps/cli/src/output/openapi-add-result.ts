import type { AnyAuthPluginV2, AuthRegistry, SecuritySchemeMatch } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { SourceOperationResult } from "@src/service";
import type { CommandContext } from "../command-context";
import { InvalidInputError } from "../errors/invalid-input-error";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import type { SourceOperations } from "../remote/source-operations";
import type { SourceFieldFlags } from "../input/gather-source-fields";
import type { GivenFields } from "../input/read-auth-fields";
import type { OpenApiForAdd } from "../input/read-openapi-for-add";
import { printOperationResult } from "./print-operation-result";
import { writeJson, writeLine } from "./write-output";

/** What the document gave `src source add`: the fields with the document's filled in, and the scheme the auth came from. */
export interface DocumentFill {
  readonly given: GivenFields;
  /** The security scheme the auth mode was taken from, what its plugin said, and the other schemes the document names. */
  readonly auth?:
    | {
        readonly scheme: string;
        readonly authType: string;
        readonly match: SecuritySchemeMatch;
        readonly otherSchemes: readonly string[];
      }
    | undefined;
}

/** The first scheme (most required first) a plugin fits, with that plugin's match; with `--auth`, only that mode is tried. */
function matchScheme(
  openapi: OpenApiForAdd,
  registry: AuthRegistry,
  auth: string | undefined,
  given: GivenFields,
): DocumentFill["auth"] {
  const schemes = openapi.fields?.securitySchemes ?? [];
  const plugins: AnyAuthPluginV2[] =
    auth === undefined
      ? registry.types.map((type) => registry.get(type))
      : registry.find(auth) === undefined
        ? []
        : [registry.get(auth)];
  for (const { name, scheme } of schemes) {
    for (const plugin of plugins) {
      const match = plugin.fromSecurityScheme?.(scheme, given.values);
      if (match !== undefined)
        return {
          scheme: name,
          authType: plugin.type,
          match,
          otherSchemes: schemes.map((entry) => entry.name).filter((other) => other !== name),
        };
    }
  }
  return undefined;
}

/**
 * Fills every source field the command line did not give from the document; the command line wins. The auth mode is
 * the one whose plugin fits the document's most required security scheme (`fromSecurityScheme`), with the fields it
 * takes from the scheme (a header name, a token endpoint).
 */
export function fillFromDocument(
  flags: SourceFieldFlags,
  given: GivenFields,
  openapi: OpenApiForAdd,
  registry: AuthRegistry,
): DocumentFill {
  const fields = openapi.fields;
  if (fields === undefined) return { given };
  flags.name ??= fields.name;
  flags.baseUrl ??= fields.baseUrl;
  flags.testEndpoint ??= fields.testEndpoint;
  const auth = matchScheme(openapi, registry, flags.auth, given);
  if (auth === undefined) return { given };
  flags.auth = auth.authType;
  const values: Record<string, string | readonly string[]> = {};
  for (const [name, value] of Object.entries(auth.match.config))
    if (typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string")))
      values[name] = value;
  return { given: { values: { ...values, ...given.values }, flagOf: given.flagOf }, auth };
}

/**
 * After `src source add --openapi`: when the service could not load the document after all (a URL that needed the
 * credential and still failed, a file changed meanwhile), the source is removed again and the command fails: a
 * source is added with its document or not at all.
 */
export async function refuseUnloadedDocument(
  service: Pick<SourceOperations, "removeSource">,
  source: SourceRecord,
  openapi: OpenApiForAdd,
): Promise<void> {
  const status = source.status.openapi;
  if (status?.loaded === true) return;
  await service.removeSource(source.slug);
  const fetched = openapi.behindCredential === undefined ? "" : `${openapi.behindCredential}, and with the credential `;
  throw new InvalidInputError({
    flag: "--openapi",
    problem: `${fetched}the document could not be loaded: ${status?.error ?? "unknown problem"}; nothing was added`,
  });
}

/** The sentence naming the scheme the auth came from, what its plugin said, and the other schemes. */
function authSentence(auth: NonNullable<DocumentFill["auth"]>): string {
  const note = auth.match.note === undefined ? "" : ` (${auth.match.note})`;
  const others =
    auth.otherSchemes.length === 0
      ? ""
      : `; it also names ${auth.otherSchemes.map((name) => `"${name}"`).join(", ")} (choose another with --auth)`;
  const hint = auth.match.hint === undefined ? "" : `; ${auth.match.hint}`;
  return `Auth taken from the document's security scheme "${auth.scheme}"${note}${others}${hint}.`;
}

/**
 * `src source add --openapi`: `{ source, validation, openapi: { title, version, operations } }` (`--json`), or the
 * validation followed by what the document gave and the schemes it names but were not chosen.
 */
export async function printOpenApiAddResult(
  context: CommandContext,
  result: SourceOperationResult,
  openapi: OpenApiForAdd,
  fill: DocumentFill | undefined,
): Promise<ExitCode> {
  const status = result.source.status.openapi;
  const document =
    status?.loaded === true
      ? { title: status.title ?? "", version: status.version ?? "", operations: status.operations ?? 0 }
      : null;
  const fields = openapi.fields;
  // The test endpoint the document gave (not --test-endpoint), and why it was chosen.
  const chosen =
    fields?.testEndpoint !== undefined &&
    fields.testEndpoint === result.source.api.testEndpoint &&
    fields.testEndpointReason !== undefined
      ? { path: fields.testEndpoint, reason: fields.testEndpointReason }
      : undefined;
  if (context.json) {
    writeJson({
      source: result.source,
      validation: result.validation,
      openapi: document === null ? null : { ...document, ...(chosen === undefined ? {} : { testEndpoint: chosen }) },
    });
    return result.validation === null || result.validation.ok ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
  }
  const code = await printOperationResult(
    context,
    result,
    `Added source "${result.source.slug}" (${result.source.name}) → ${result.source.api.baseUrl}`,
  );
  if (document !== null) {
    const { operationsToolName } = await import("@src/http-tool/internal");
    writeLine(
      `OpenAPI document: "${document.title}" ${document.version}, ${document.operations} operations; agents search them with ${operationsToolName(result.source.slug)} (or: src operations ${result.source.slug}).`,
    );
    if (chosen !== undefined) writeLine(`Test endpoint from the document: ${chosen.reason}.`);
  }
  if (fill?.auth !== undefined && fill.auth.authType === result.source.api.authType) writeLine(authSentence(fill.auth));
  return code;
}
