const unitMilliseconds: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** The longest lifetime `--expires` takes: ten years. */
const longestLifetimeMs = 3650 * 86_400_000;

/**
 * A token lifetime written as a whole number and a unit: `90m`, `12h`, `30d`
 * or `2w`. Returns milliseconds, or `undefined` when the text is not of that
 * form (the caller words the error for its flag or field).
 */
export function parseTokenLifetime(text: string): number | undefined {
  const match = /^([1-9][0-9]{0,5})([mhdw])$/.exec(text.trim());
  if (match === null) return undefined;
  const milliseconds = Number(match[1]) * (unitMilliseconds[match[2]!] ?? Number.NaN);
  return milliseconds > 0 && milliseconds <= longestLifetimeMs ? milliseconds : undefined;
}
