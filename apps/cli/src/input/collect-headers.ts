import { InvalidArgumentError } from "commander";

/** Fixed headers from repeated `--header Name=value` (the source's `api.headers`). */
export type HeaderFlags = Record<string, string>;

/**
 * commander option parser for `--header Name=value`: splits at the first `=`,
 * keeps the value as written. A name given twice keeps the last value. On
 * `src source edit`, `--header Name=` (empty value) removes the header. Never
 * for secrets: fixed headers are shown in plain text; credentials go in the vault.
 */
export function collectHeader(pair: string, previous: HeaderFlags | undefined): HeaderFlags {
  const index = pair.indexOf("=");
  if (index <= 0) throw new InvalidArgumentError('expected Name=value, e.g. --header "Notion-Version=2022-06-28"');
  return { ...previous, [pair.slice(0, index).trim()]: pair.slice(index + 1) };
}

/**
 * `current` headers with `changes` applied: a name matches whatever its case,
 * the new spelling is kept, and an empty value removes the header.
 */
export function mergeHeaders(
  current: Readonly<Record<string, string>> | undefined,
  changes: HeaderFlags,
): Record<string, string> {
  const merged: Record<string, string> = { ...current };
  for (const [name, value] of Object.entries(changes)) {
    for (const existing of Object.keys(merged))
      if (existing.toLowerCase() === name.toLowerCase()) delete merged[existing];
    if (value !== "") merged[name] = value;
  }
  return merged;
}
