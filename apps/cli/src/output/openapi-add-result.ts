import type { SourceOperationResult } from "@src/service";
import type { CommandContext } from "../command-context";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import type { SourceFieldFlags } from "../input/gather-source-fields";
import type { OAuth2Flags } from "../input/oauth2-flags";
import type { OpenApiForAdd } from "../input/read-openapi-for-add";
import { printOperationResult } from "./print-operation-result";
import { writeError, writeJson, writeLine } from "./write-output";

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
    writeLine(`OpenAPI document: "${document.title}" ${document.version}, ${document.operations} operations; agents search them with api_${result.source.slug.replaceAll("-", "_")}_operations (or: src operations ${result.source.slug} QUERY).`);
    if (chosen !== undefined) writeLine(`Test endpoint from the document: ${chosen.reason}.`);
  } else {
    writeError(`warning: the OpenAPI document was not loaded: ${status?.error ?? openapi.problem ?? "unknown problem"}; the source works without it. Fix it, then run \`src source reload ${result.source.slug}\`.`);
  }
  const other = openapi.fields?.otherSchemes ?? [];
  if (openapi.fields?.auth !== undefined && openapi.fields.auth.authType === result.source.api.authType) writeLine(authSentence(openapi.fields.auth, other, flags));
  return code;
}
