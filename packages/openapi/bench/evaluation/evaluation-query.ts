import { readFileSync } from "node:fs";

/**
 * One query of the search evaluation: words as a person would ask, and the
 * operationIds that answer it (any of them counts). An expected id may hold
 * `*` for any characters, for a document that has the same operation at several
 * levels (`get-*-webhooks` for the company's and the merchant's).
 */
export interface EvaluationQuery {
  query: string;
  expected: string[];
}

/**
 * The queries of one document: `tuning`, which the ranking was tuned on;
 * `rounds`, the later rounds by number (2 for `[second round]`), each held out
 * in its round of tuning and read after it (their misses were then tuned on, in
 * general words, not query by query); and `heldOut`, never looked at one by one,
 * so its figures say how the ranking does on queries it was not fitted to (the
 * round after the last read one, {@link heldOutRound}: operations drawn at
 * random, in everyday words not read before; empty for a document without
 * one).
 */
export interface QuerySet {
  tuning: EvaluationQuery[];
  rounds: Map<number, EvaluationQuery[]>;
  heldOut: EvaluationQuery[];
}

/** Which round the `[held-out]` queries are (or the next one, while none is written): the one not read yet. */
export const heldOutRound = 27;

/** The ordinal of each round number, as the section lines name it (`[second round]`). */
const roundOrdinals = [
  "",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
  "twenty-first",
  "twenty-second",
  "twenty-third",
  "twenty-fourth",
  "twenty-fifth",
  "twenty-sixth",
  "twenty-seventh",
] as const;

/** The round number a section line names (`[third round]` is 3), or undefined for another line. */
function roundOfSection(line: string): number | undefined {
  const match = /^\[([\w-]+) round\]$/.exec(line);
  if (match === null) return undefined;
  const round = roundOrdinals.indexOf(match[1] as (typeof roundOrdinals)[number]);
  return round >= 2 ? round : undefined;
}

/**
 * Reads a query file (`<document>-queries.tsv` next to this file): `#` starts a
 * comment line, `[tuning]`, `[second round]` (to `[twenty-seventh round]`) and
 * `[held-out]` start the sets, and each other line is a query, a tab, and the
 * operationIds that answer it, tab-separated.
 */
export function readQuerySet(fileName: string): QuerySet {
  const set: QuerySet = { tuning: [], rounds: new Map(), heldOut: [] };
  let current: EvaluationQuery[] | undefined;
  const file = new URL(fileName, import.meta.url);
  for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const round = roundOfSection(line);
    if (line === "[tuning]" || line === "[held-out]" || round !== undefined) {
      current = line === "[tuning]" ? set.tuning : line === "[held-out]" ? set.heldOut : [];
      if (round !== undefined) set.rounds.set(round, current);
      continue;
    }
    const [query, ...expected] = line.split("\t");
    if (current === undefined || query === undefined || expected.length === 0)
      throw new Error(
        `${fileName}:${index + 1}: write [tuning], [second round] (to [twenty-seventh round]) or [held-out] first, then a query, a tab and the operationIds that answer it`,
      );
    current.push({ query, expected });
  }
  return set;
}

/** Every round number any of the sets holds, in order. */
export function roundsOf(sets: QuerySet[]): number[] {
  return [...new Set(sets.flatMap((set) => [...set.rounds.keys()]))].sort((left, right) => left - right);
}
