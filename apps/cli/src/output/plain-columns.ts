/**
 * A plain table for a terminal: each column as wide as its longest cell, two
 * spaces between columns, no trailing spaces. One string per line, the header first.
 */
export function plainColumns(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  return [header, ...rows].map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd(),
  );
}
