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

/** A query and what answers it. */
export const q = (query: string, ...expected: string[]): EvaluationQuery => ({ query, expected });
