import type { SourceRecord } from "@src/config";
import type { SourceOperationResult } from "@src/service";
import type { CommandContext } from "../command-context";
import { InvalidInputError } from "../errors/invalid-input-error";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import type { SourceOperations } from "../remote/source-operations";
import type { SourceFieldFlags } from "../input/gather-source-fields";
import type { OAuth2Flags } from "../input/oauth2-flags";
import type { OpenApiForAdd } from "../input/read-openapi-for-add";
import { printOperationResult } from "./print-operation-result";
import { writeJson, writeLine } from "./write-output";

/**
 * Fills every source field the command line did not give from the document; the command line wins. The scheme's
 * details (header or query name, OAuth 2.0 grant and endpoints) fill in when the auth mode is the document's.
 */
export function fillFromDocument(flags: SourceFieldFlags & OAuth2Flags, openapi: OpenApiForAdd): void {
  const fields = openapi.fields;
  if (fields === undefined) return;
  flags.name ??= fields.name;
  flags.baseUrl ??= fields.baseUrl;
  const auth = fields.auth;
  if (auth !== undefined && (flags.auth ?? auth.authType) === auth.authType) {
    flags.auth = auth.authType;
    flags.headerName ??= auth.headerName;
    flags.queryParam ??= auth.queryParam;
    flags.tokenUrl ??= auth.tokenUrl;
    flags.authorizationUrl ??= auth.authorizationUrl;
    flags.grant ??= auth.grant;
  }
  flags.testEndpoint ??= fields.testEndpoint;
}

/**
 * After `src source add --openapi`: when the service could not load the document after all (a URL that needed the
 * credential and still failed, a file changed meanwhile), the source is removed again and the command fails: a
 * source is added with its document or not at all.
 */
export async function refuseUnloadedDocument(service: Pick<SourceOperations, "removeSource">, source: SourceRecord, openapi: OpenApiForAdd): Promise<void> {
  const status = source.status.openapi;
  if (status?.loaded === true) return;
  await service.removeSource(source.slug);
  const fetched = openapi.behindCredential === undefined ? "" : `${openapi.behindCredential}, and with the credential `;
  throw new InvalidInputError({ flag: "--openapi", problem: `${fetched}the document could not be loaded: ${status?.error ?? "unknown problem"}; nothing was added` });
}

/** The sentence naming the scheme the auth came from, with an OAuth 2.0 flow's grant and the scopes it offers. */
function authSentence(auth: NonNullable<NonNullable<OpenApiForAdd["fields"]>["auth"]>, other: string[], flags: OAuth2Flags): string {
  const grant = auth.grant === undefined ? "" : ` (OAuth 2.0, ${auth.grant.replace("_", " ")} grant)`;
  const scopes = auth.availableScopes ?? [];
  const offered = scopes.length === 0 || (flags.scope?.length ?? 0) > 0 ? "" : `; its scopes are ${scopes.join(" ")}: request those the agent needs with --scope (none is requested now)`;
  const others = other.length === 0 ? "" : `; it also names ${other.map((name) => `"${name}"`).join(", ")} (choose another with --auth)`;
  return `Auth taken from the document's security scheme "${auth.scheme}"${grant}${others}${offered}.`;
}

/**
 * `src source add --openapi`: `{ source, validation, openapi: { title, version, operations } }` (`--json`), or the
 * validation followed by what the document gave and the schemes it names but were not chosen.
 */
export async function printOpenApiAddResult(context: CommandContext, result: SourceOperationResult, openapi: OpenApiForAdd, flags: OAuth2Flags): Promise<ExitCode> {
  const status = result.source.status.openapi;
  const document = status?.loaded === true ? { title: status.title ?? "", version: status.version ?? "", operations: status.operations ?? 0 } : null;
  const fields = openapi.fields;
  // The test endpoint the document gave (not --test-endpoint), and why it was chosen.
  const chosen = fields?.testEndpoint !== undefined && fields.testEndpoint === result.source.api.testEndpoint && fields.testEndpointReason !== undefined ? { path: fields.testEndpoint, reason: fields.testEndpointReason } : undefined;
  if (context.json) {
    writeJson({ source: result.source, validation: result.validation, openapi: document === null ? null : { ...document, ...(chosen === undefined ? {} : { testEndpoint: chosen }) } });
    return result.validation === null || result.validation.ok ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
  }
  const code = await printOperationResult(context, result, `Added source "${result.source.slug}" (${result.source.name}) → ${result.source.api.baseUrl}`);
  if (document !== null) {
    const { operationsToolName } = await import("@src/http-tool/internal");
    writeLine(`OpenAPI document: "${document.title}" ${document.version}, ${document.operations} operations; agents search them with ${operationsToolName(result.source.slug)} (or: src operations ${result.source.slug}).`);
    if (chosen !== undefined) writeLine(`Test endpoint from the document: ${chosen.reason}.`);
  }
  const other = openapi.fields?.otherSchemes ?? [];
  if (openapi.fields?.auth !== undefined && openapi.fields.auth.authType === result.source.api.authType) writeLine(authSentence(openapi.fields.auth, other, flags));
  return code;
}
