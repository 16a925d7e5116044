/** A collapsible view of a JSON value: objects and arrays fold (`<details>`), the first levels open. */
export function JsonView({ value, label, depth = 0 }: { value: unknown; label?: string; depth?: number }) {
  const prefix = label === undefined ? null : <span class="json-key">{label}: </span>;
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value)
      ? (value as unknown[]).map((item, index) => [String(index), item] as const)
      : Object.entries(value as Record<string, unknown>);
    const summary = Array.isArray(value) ? `[ ${entries.length} items ]` : `{ ${entries.length} keys }`;
    return (
      <details class="json" open={depth < 2}>
        <summary>
          {prefix}
          <span class="json-summary">{summary}</span>
        </summary>
        <ul>
          {entries.map(([key, item]) => (
            <li key={key}>
              <JsonView value={item} label={key} depth={depth + 1} />
            </li>
          ))}
        </ul>
      </details>
    );
  }
  return (
    <span class="json-leaf">
      {prefix}
      <span class={`json-${value === null ? "null" : typeof value}`}>{JSON.stringify(value)}</span>
    </span>
  );
}
