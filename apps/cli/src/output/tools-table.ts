import type { ToolSummary } from "@src/service";

/** `src tools`: one row per tool; `verbose` adds each tool's description and input schema below the table. */
export async function formatTools(tools: readonly ToolSummary[], verbose: boolean): Promise<string> {
  if (tools.length === 0) return "No tools: no enabled source. Add one with `src source add`.";
  const { default: Table } = await import("cli-table3");
  const table = new Table({ head: ["tool", "source", "base URL", "auth", "status"], style: { head: [], border: [] } });
  for (const tool of tools) {
    table.push([tool.name, tool.source, tool.baseUrl, tool.authType, tool.hasCredential ? tool.connectionStatus : `${tool.connectionStatus} (no credential)`]);
  }
  if (!verbose) return table.toString();
  const details = tools.map(
    (tool) =>
      `── ${tool.name} (${tool.sourceName})\n${tool.description}\n${fixedHeaderLines(tool.headers)}\ninput schema:\n${JSON.stringify(tool.inputSchema, null, 2)}`,
  );
  return [table.toString(), ...details].join("\n\n");
}

/** The source's fixed headers, one per line, followed by a blank line; nothing when it has none. */
function fixedHeaderLines(headers: Readonly<Record<string, string>>): string {
  const lines = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  return lines.length === 0 ? "" : `\nfixed headers (sent on every request):\n${lines.join("\n")}\n`;
}
