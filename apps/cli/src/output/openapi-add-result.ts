import type { SourceOperationResult } from "@src/service";
import type { CommandContext } from "../command-context";
import { EXIT_CODES, type ExitCode } from "../exit-codes";
import type { SourceFieldFlags } from "../input/gather-source-fields";
import type { OpenApiForAdd } from "../input/read-openapi-for-add";
import { printOperationResult } from "./print-operation-result";
import { writeError, writeJson, writeLine } from "./write-output";

/** Fills every source field the command line did not give from the document; the command line wins. */
export function fillFromDocument(flags: SourceFieldFlags, openapi: OpenApiForAdd): void {
  const fields = openapi.fields;
  if (fields === undefined) return;
  flags.name ??= fields.name;
  flags.baseUrl ??= fields.baseUrl;
  if (flags.auth === undefined && fields.auth !== undefined) {
    flags.auth = fields.auth.authType;
    flags.headerName ??= fields.auth.headerName;
    flags.queryParam ??= fields.auth.queryParam;
  }
  flags.testEndpoint ??= fields.testEndpoint;
}

/**
 * `src source add --openapi`: `{ source, validation, openapi: { title, version, operations } }` (`--json`), or the
 * validation followed by what the document gave and the schemes it names but were not chosen.
 */
export async function printOpenApiAddResult(context: CommandContext, result: SourceOperationResult, openapi: OpenApiForAdd): Promise<ExitCode> {
  const status = result.source.status.openapi;
  const document = status?.loaded === true ? { title: status.title ?? "", version: status.version ?? "", operations: status.operations ?? 0 } : null;
  if (context.json) {
    writeJson({ source: result.source, validation: result.validation, openapi: document });
    return result.validation === null || result.validation.ok ? EXIT_CODES.SUCCESS : EXIT_CODES.FAILURE;
  }
  const code = await printOperationResult(context, result, `Added source "${result.source.slug}" (${result.source.name}) → ${result.source.api.baseUrl}`);
  if (document !== null) {
    writeLine(`OpenAPI document: "${document.title}" ${document.version}, ${document.operations} operations; agents search them with api_${result.source.slug.replaceAll("-", "_")}_operations (or: src operations ${result.source.slug} QUERY).`);
  } else {
    writeError(`warning: the OpenAPI document was not loaded: ${status?.error ?? openapi.problem ?? "unknown problem"}; the source works without it. Fix it, then run \`src source reload ${result.source.slug}\`.`);
  }
  const other = openapi.fields?.otherSchemes ?? [];
  if (openapi.fields?.auth !== undefined) writeLine(`Auth taken from the document's security scheme "${openapi.fields.auth.scheme}"${other.length === 0 ? "" : `; it also names ${other.map((name) => `"${name}"`).join(", ")} (choose another with --auth)`}.`);
  return code;
}
