import type { SourceSummary } from "@src/service";

/** The `src source list` table: slug, name, auth, enabled, status, last tested; broken files show their error. */
export async function formatSourceTable(sources: readonly SourceSummary[]): Promise<string> {
  if (sources.length === 0) return "No sources. Add one with `src source add`.";
  const { default: Table } = await import("cli-table3");
  const table = new Table({ head: ["slug", "name", "auth", "enabled", "status", "last tested"], style: { head: [], border: [] } });
  for (const entry of sources) {
    if (entry.ok) {
      const { source } = entry;
      const status = entry.hasCredential ? source.status.connectionStatus : `${source.status.connectionStatus} (no credential)`;
      table.push([entry.slug, source.name, source.api.authType, source.enabled ? "yes" : "no", status, source.status.lastTestedAt ?? "never"]);
    } else {
      table.push([entry.slug, { colSpan: 5, content: `BROKEN ${entry.file}: ${entry.error}` }]);
    }
  }
  return table.toString();
}
