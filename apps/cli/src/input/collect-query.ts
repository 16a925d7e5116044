import { InvalidArgumentError } from "commander";

/** Query parameters from repeated `-q key=value`; a key given twice becomes an array, in order. A null-prototype map: any name is a key. */
export type QueryFlags = Record<string, string | string[]>;

/**
 * commander option parser for `-q key=value`: splits at the first `=`,
 * accumulates repeats. The map has no prototype, so names every JavaScript
 * object has (`constructor`, `toString`, `__proto__`) are plain keys.
 */
export function collectQuery(pair: string, previous: QueryFlags | undefined): QueryFlags {
  const index = pair.indexOf("=");
  if (index <= 0) throw new InvalidArgumentError("expected key=value, e.g. -q limit=10");
  const key = pair.slice(0, index);
  const value = pair.slice(index + 1);
  const query = Object.assign(Object.create(null) as QueryFlags, previous);
  const existing = Object.hasOwn(query, key) ? query[key] : undefined;
  query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  return query;
}
