import { InvalidArgumentError } from "commander";

/** Query parameters from repeated `-q key=value`; a key given twice becomes an array, in order. */
export type QueryFlags = Record<string, string | string[]>;

/** commander option parser for `-q key=value`: splits at the first `=`, accumulates repeats. */
export function collectQuery(pair: string, previous: QueryFlags | undefined): QueryFlags {
  const index = pair.indexOf("=");
  if (index <= 0) throw new InvalidArgumentError("expected key=value, e.g. -q limit=10");
  const key = pair.slice(0, index);
  const value = pair.slice(index + 1);
  const query: QueryFlags = { ...previous };
  const existing = query[key];
  query[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  return query;
}
