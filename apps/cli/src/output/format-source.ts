import type { SourceRecord } from "@src/config";

/** The record for people, one `field: value` per line, and whether a credential is stored (never its value). */
export function formatSource(source: SourceRecord, hasCredential: boolean): string {
  const { baseUrl, authType, testEndpoint, headers, ...extra } = source.api;
  const lines = [
    `${source.name} (${source.slug})`,
    `  enabled:       ${source.enabled ? "yes" : "no"}`,
    `  base URL:      ${baseUrl}`,
    `  auth:          ${authType}`,
    ...Object.entries(extra).map(
      ([key, value]) => `  ${`${key}:`.padEnd(15)}${typeof value === "string" ? value : JSON.stringify(value)}`,
    ),
    `  test endpoint: ${testEndpoint}`,
    ...Object.entries(headers ?? {}).map(([name, value]) => `  header:        ${name}: ${value}`),
    `  credential:    ${hasCredential ? "stored (encrypted)" : "not stored — run `src credential set " + source.slug + "`"}`,
    `  status:        ${source.status.connectionStatus}`,
    `  last tested:   ${source.status.lastTestedAt ?? "never"}`,
  ];
  if (source.status.lastError !== null) lines.push(`  last error:    ${source.status.lastError}`);
  lines.push(
    `  id:            ${source.id}`,
    `  created:       ${source.createdAt}`,
    `  updated:       ${source.updatedAt}`,
  );
  return lines.join("\n");
}
