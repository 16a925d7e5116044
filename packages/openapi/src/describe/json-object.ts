/** A JSON object as read from a document: string keys, values not yet checked. */
export type UnknownRecord = Record<string, unknown>;

/** Whether `value` is a JSON object (not `null`, not an array). */
export const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value);
