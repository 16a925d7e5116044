import type { SourceSummary } from "@src/service";

/** The `src source list` table: slug, name, auth, enabled, status, last tested; broken files are marked and their errors follow the table, each on lines of its own. */
export async function formatSourceTable(sources: readonly SourceSummary[]): Promise<string> {
  if (sources.length === 0) return "No sources. Add one with `src source add`.";
  const { default: Table } = await import("cli-table3");
  const table = new Table({
    head: ["slug", "name", "auth", "enabled", "status", "last tested"],
    style: { head: [], border: [] },
  });
  for (const entry of sources) {
    if (entry.ok) {
      const { source } = entry;
      const status = entry.hasCredential
        ? source.status.connectionStatus
        : `${source.status.connectionStatus} (no credential)`;
      table.push([
        entry.slug,
        source.name,
        source.api.authType,
        source.enabled ? "yes" : "no",
        status,
        source.status.lastTestedAt ?? "never",
      ]);
    } else {
      // The error goes below the table, so one long message does not widen every column.
      table.push([entry.slug, { colSpan: 5, content: "BROKEN config.json (see below)" }]);
    }
  }
  const broken = sources
    .filter((entry) => !entry.ok)
    .map((entry) => `BROKEN ${entry.slug}: ${entry.file}\n${entry.error.replace(/^/gm, "  ")}`);
  return [table.toString(), ...broken].join("\n");
}
