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
 * The queries of one document: `tuning`, which the ranking was tuned on, and
 * `heldOut`, never looked at one by one while tuning, so its figures say how
 * the ranking does on queries it was not fitted to. The first round's held-out
 * queries were read after that round and joined `tuning`; `heldOut` holds the
 * second round's, written before it began.
 */
export interface QuerySet {
  tuning: EvaluationQuery[];
  heldOut: EvaluationQuery[];
}

/**
 * Reads a query file (`<document>-queries.tsv` next to this file): `#` starts a
 * comment line, `[tuning]` and `[held-out]` start the two sets, and each other
 * line is a query, a tab, and the operationIds that answer it, tab-separated.
 */
export function readQuerySet(fileName: string): QuerySet {
  const set: QuerySet = { tuning: [], heldOut: [] };
  let current: EvaluationQuery[] | undefined;
  const file = new URL(fileName, import.meta.url);
  for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    if (line === "[tuning]" || line === "[held-out]") {
      current = line === "[tuning]" ? set.tuning : set.heldOut;
      continue;
    }
    const [query, ...expected] = line.split("\t");
    if (current === undefined || query === undefined || expected.length === 0)
      throw new Error(
        `${fileName}:${index + 1}: write [tuning] or [held-out] first, then a query, a tab and the operationIds that answer it`,
      );
    current.push({ query, expected });
  }
  return set;
}
