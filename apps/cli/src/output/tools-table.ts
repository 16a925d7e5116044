import type { ToolSummary } from "@src/service";

/**
 * The longest ending that every description shares, starting after a sentence
 * (". "), so each tool's own part (its first sentences) can be shown alone.
 * Empty when there is one tool or nothing is shared.
 */
function sharedDescriptionEnding(descriptions: readonly string[]): string {
  if (descriptions.length < 2) return "";
  const first = descriptions[0]!;
  for (let index = first.indexOf(". "); index !== -1; index = first.indexOf(". ", index + 1)) {
    const ending = first.slice(index + 2);
    if (descriptions.every((description) => description.endsWith(` ${ending}`))) return ending;
  }
  return "";
}

/**
 * `src tools`: one row per tool. `verbose` adds what an agent reads: each
 * tool's own description, the description text every tool shares (once), and
 * each distinct input schema once with the tools that use it.
 */
export async function formatTools(tools: readonly ToolSummary[], verbose: boolean): Promise<string> {
  if (tools.length === 0) return "No tools: no enabled source. Add one with `src source add`.";
  const { default: Table } = await import("cli-table3");
  const table = new Table({ head: ["tool", "source", "base URL", "auth", "status"], style: { head: [], border: [] } });
  for (const tool of tools) {
    table.push([
      tool.name,
      tool.source,
      tool.baseUrl,
      tool.authType,
      tool.hasCredential ? tool.connectionStatus : `${tool.connectionStatus} (no credential)`,
    ]);
  }
  if (!verbose) return table.toString();

  const shared = sharedDescriptionEnding(tools.map((tool) => tool.description));
  const own = tools.map(
    (tool) =>
      `── ${tool.name} (${tool.sourceName})\n${openApiLine(tool)}${shared === "" ? tool.description : tool.description.slice(0, -shared.length - 1)}${fixedHeaderLines(tool.headers).trimEnd()}`,
  );
  const sections = [table.toString(), own.join("\n")];
  if (shared !== "") sections.push(`Every tool's description goes on:\n${shared}`);

  const bySchema = new Map<string, string[]>();
  for (const tool of tools) {
    const schema = JSON.stringify(tool.inputSchema, null, 2);
    bySchema.set(schema, [...(bySchema.get(schema) ?? []), tool.name]);
  }
  for (const [schema, names] of bySchema) {
    const whose = names.length === tools.length && tools.length > 1 ? "every tool" : names.join(", ");
    sections.push(`Input schema of ${whose}:\n${schema}`);
  }
  return sections.join("\n\n");
}

/** The source's fixed headers, one per line, followed by a blank line; nothing when it has none. */
function fixedHeaderLines(headers: Readonly<Record<string, string>>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return lines.length === 0 ? "" : `\nfixed headers (sent on every request):\n${lines.join("\n")}\n`;
}

/** The source's OpenAPI document (title, version, operations), or why it was not loaded; nothing without one or for the operations tool. */
function openApiLine(tool: ToolSummary): string {
  if (tool.openapi === undefined || tool.kind === "operations") return "";
  if ("error" in tool.openapi) return `OpenAPI document not loaded: ${tool.openapi.error}\n`;
  return `OpenAPI document: "${tool.openapi.title}" version ${tool.openapi.version}, ${tool.openapi.operations} operations\n`;
}
