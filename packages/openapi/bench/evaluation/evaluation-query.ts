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
 * `secondRound` to `eighthRound`, each held out in its round of tuning and read
 * after it (their misses were then tuned on, in general words, not query by
 * query); and `heldOut`, never looked at one by one, so its figures say how the
 * ranking does on queries it was not fitted to (the ninth round: operations
 * drawn at random, none asked for before, in everyday words; empty for a
 * document without one).
 */
export interface QuerySet {
  tuning: EvaluationQuery[];
  secondRound: EvaluationQuery[];
  thirdRound: EvaluationQuery[];
  fourthRound: EvaluationQuery[];
  fifthRound: EvaluationQuery[];
  sixthRound: EvaluationQuery[];
  seventhRound: EvaluationQuery[];
  eighthRound: EvaluationQuery[];
  heldOut: EvaluationQuery[];
}

/** The line that starts each set in a query file. */
const sections: Record<string, keyof QuerySet> = {
  "[tuning]": "tuning",
  "[second round]": "secondRound",
  "[third round]": "thirdRound",
  "[fourth round]": "fourthRound",
  "[fifth round]": "fifthRound",
  "[sixth round]": "sixthRound",
  "[seventh round]": "seventhRound",
  "[eighth round]": "eighthRound",
  "[held-out]": "heldOut",
};

/**
 * Reads a query file (`<document>-queries.tsv` next to this file): `#` starts a
 * comment line, `[tuning]`, `[second round]`, `[third round]` to `[eighth round]` and `[held-out]` start the sets, and each other
 * line is a query, a tab, and the operationIds that answer it, tab-separated.
 */
export function readQuerySet(fileName: string): QuerySet {
  const set: QuerySet = {
    tuning: [],
    secondRound: [],
    thirdRound: [],
    fourthRound: [],
    fifthRound: [],
    sixthRound: [],
    seventhRound: [],
    eighthRound: [],
    heldOut: [],
  };
  let current: EvaluationQuery[] | undefined;
  const file = new URL(fileName, import.meta.url);
  for (const [index, line] of readFileSync(file, "utf8").split("\n").entries()) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const section = sections[line];
    if (section !== undefined) {
      current = set[section];
      continue;
    }
    const [query, ...expected] = line.split("\t");
    if (current === undefined || query === undefined || expected.length === 0)
      throw new Error(
        `${fileName}:${index + 1}: write [tuning], [second round], [third round], [fourth round], [fifth round], [sixth round], [seventh round], [eighth round] or [held-out] first, then a query, a tab and the operationIds that answer it`,
      );
    current.push({ query, expected });
  }
  return set;
}
