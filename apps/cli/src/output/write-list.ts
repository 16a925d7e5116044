import { plainColumns } from "./plain-columns";
import { writeJson, writeLine } from "./write-output";

/** What a list command prints: the items under `key` in JSON, a sentence when there are none, else a table. */
export interface ListOutput<T> {
  readonly key: string;
  readonly items: readonly T[];
  /** Printed instead of an empty table: what to do to have some. */
  readonly empty: string;
  readonly header: readonly string[];
  readonly row: (item: T) => string[];
}

/** Writes a list: `{ [key]: items }` with --json, the `empty` sentence when there is nothing, else plain columns. */
export function writeList<T>(json: boolean, { key, items, empty, header, row }: ListOutput<T>): void {
  if (json) writeJson({ [key]: items });
  else if (items.length === 0) writeLine(empty);
  else for (const line of plainColumns(header, items.map(row))) writeLine(line);
}
