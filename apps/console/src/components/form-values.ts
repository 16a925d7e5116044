import type { FieldKind, FieldValue } from "./schema-field";

/** A stored value as the form shows it. */
export function toFormValue(kind: FieldKind, value: unknown): FieldValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (kind === "boolean") return value === true;
  if (kind === "string-map" && typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([name, item]) => `${name}: ${String(item)}`)
      .join("\n");
  if (kind === "string-list" && Array.isArray(value)) return value.map(String).join("\n");
  return typeof value === "string" || typeof value === "number" ? String(value) : undefined;
}

/** A form value as the config takes it; `undefined` for an empty field (the server's default applies). */
export function fromFormValue(kind: FieldKind, value: FieldValue | undefined): unknown {
  if (kind === "boolean") return value === true;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  if (kind === "integer") return Number(value);
  const lines = value
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (kind === "string-list") return lines;
  if (kind === "string-map") {
    return Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(":");
        return colon === -1 ? [line, ""] : [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
    );
  }
  return value.trim();
}
