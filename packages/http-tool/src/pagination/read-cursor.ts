import { REDACTED } from "../result/redact-secrets";

/** What one cursor field of a page says: a cursor to send back for the next page, or that there is none. */
export type CursorReading = { kind: "cursor"; value: string | number } | { kind: "end" };

/**
 * Reads a cursor field's value. `null`, `false`, `""`, `0` and `"0"` are the
 * end: Slack and Google send `""` or nothing, Twitter's v1.1 cursors and
 * Redis-style scans `0` (`"0"`), and no next page can be cursor 0, which is
 * where a walk begins. Any other finite number or non-empty string is a
 * cursor, sent back as it is. `undefined` when the field says neither (absent,
 * an object, a cursor that came back redacted because it is a secret):
 * another field may say.
 */
export function readCursor(value: unknown): CursorReading | undefined {
  if (value === null || value === false || value === "" || value === 0 || value === "0") return { kind: "end" };
  if (typeof value === "string" && value !== REDACTED) return { kind: "cursor", value };
  if (typeof value === "number" && Number.isFinite(value)) return { kind: "cursor", value };
  return undefined;
}
