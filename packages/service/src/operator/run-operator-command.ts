import { describeUnloadedDocument } from "./describe-unloaded-document";
import { formatValidationOutcome } from "./format-validation-outcome";
import type { SourceService } from "../sources/source-service";

/** The outcome of one operator command. `data` is the structured result (for `--json` and the server). */
export interface OperatorCommandResult {
  command: string;
  ok: boolean;
  text: string;
  data: unknown;
}

/** The operator commands, as `/help` lists them. */
export const OPERATOR_COMMANDS = [
  { usage: "/source reload SLUG", summary: "re-read, re-check and re-test a source after its config.json changed" },
  { usage: "/source list", summary: "list the sources with their status" },
  { usage: "/tools", summary: "list the HTTP tools of the enabled sources" },
  { usage: "/tools -v", summary: "the same, with each tool's description and input schema" },
  { usage: "/help", summary: "this list" },
] as const;

const helpText = [
  "Commands:",
  ...OPERATOR_COMMANDS.map(({ usage, summary }) => `  ${usage.padEnd(22)}${summary}`),
].join("\n");

/**
 * Runs one operator command written literally, as in the spec (section 4.2):
 * `/source reload {slug}` and `/tools -v`, plus `/source list`, `/tools` and `/help`.
 * Unknown commands and bad slugs are results with `ok: false`, never exceptions.
 */
export async function runOperatorCommand(service: SourceService, line: string): Promise<OperatorCommandResult> {
  const command = line.trim();
  const words = command.split(/\s+/);
  try {
    if (words[0] === "/help" && words.length === 1)
      return { command, ok: true, text: helpText, data: OPERATOR_COMMANDS };
    if (
      words[0] === "/tools" &&
      (words.length === 1 || (words.length === 2 && (words[1] === "-v" || words[1] === "--verbose")))
    ) {
      const verbose = words.length === 2;
      const tools = await service.listTools();
      const text =
        tools.length === 0
          ? "No tools: no enabled source yet."
          : tools
              .map((tool) => {
                const head = `${tool.name}  source=${tool.source}  ${tool.baseUrl}  auth=${tool.authType}  status=${tool.connectionStatus}${tool.hasCredential ? "" : "  (no credential)"}`;
                const document =
                  tool.openapi === undefined || tool.kind === "operations"
                    ? ""
                    : "error" in tool.openapi
                      ? `\n  OpenAPI document not loaded: ${tool.openapi.error}`
                      : `\n  OpenAPI document: "${tool.openapi.title}" version ${tool.openapi.version}, ${tool.openapi.operations} operations`;
                return verbose
                  ? `${head}${document}\n  ${tool.description.replaceAll("\n", "\n  ")}\n  input schema: ${JSON.stringify(tool.inputSchema)}`
                  : head;
              })
              .join(verbose ? "\n\n" : "\n");
      return {
        command,
        ok: true,
        text,
        data: verbose ? tools : tools.map(({ description: _d, inputSchema: _s, ...tool }) => tool),
      };
    }
    if (words[0] === "/source" && words[1] === "list" && words.length === 2) {
      const sources = await service.listSources();
      const text =
        sources.length === 0
          ? "No sources yet."
          : sources
              .map((entry) =>
                entry.ok
                  ? `${entry.slug}  ${entry.source.name}  auth=${entry.source.api.authType}  ${entry.source.enabled ? "enabled" : "disabled"}  status=${entry.source.status.connectionStatus}`
                  : `${entry.slug}  BROKEN: ${entry.error}`,
              )
              .join("\n");
      return { command, ok: true, text, data: sources };
    }
    if (words[0] === "/source" && words[1] === "reload") {
      const slug = words[2];
      if (slug === undefined || words.length !== 3) return usageError(command, "usage: /source reload SLUG");
      const result = await service.reloadSource(slug);
      return {
        command,
        ok: result.validation?.ok ?? false,
        text: [
          formatValidationOutcome(slug, result.validation),
          ...withNextStep(describeUnloadedDocument(result.source), `fix api.openapi, then /source reload ${slug}`),
        ].join("\n"),
        data: result,
      };
    }
    return usageError(command, `unknown command "${command}"; type /help for the list`);
  } catch (error) {
    // The advice of a source not found, as the operator command that carries it out.
    const listing = (error as { code?: unknown }).code === "SOURCE_NOT_FOUND" ? " (/source list)" : "";
    return {
      command,
      ok: false,
      text: `error: ${(error as Error).message}${listing}`,
      data: { error: { code: (error as { code?: string }).code ?? "ERROR", message: (error as Error).message } },
    };
  }
}

/** A warning with its next step, as lines; none without a warning. */
function withNextStep(warning: string | undefined, next: string): string[] {
  return warning === undefined ? [] : [`${warning}: ${next}`];
}

function usageError(command: string, message: string): OperatorCommandResult {
  return { command, ok: false, text: message, data: { error: { code: "UNKNOWN_COMMAND", message } } };
}
