import { beforeAll, describe, expect, it } from "vitest";
import {
  catalogOf,
  evaluateQueries,
  evaluationDocuments,
  type EvaluationScore,
} from "../../bench/evaluation/evaluate-search";
import { heldOutRound, type EvaluationQuery, type QuerySet } from "../../bench/evaluation/evaluation-query";
import type { OperationCatalog } from "../catalog/create-operation-catalog";

// The search evaluation of `pnpm bench` (bench/search.bench.ts), as a guard: its figures are deterministic, so a change
// to the ranking that loses queries fails here. Targets on the tuning queries; floors (today's figures, not the
// targets) on each later round's and on the held-out ones.
const catalogs = new Map<string, OperationCatalog>();
beforeAll(async () => {
  for (const document of evaluationDocuments) catalogs.set(document.name, await catalogOf(document.file));
}, 240_000);

const sum = (scores: EvaluationScore[]): { count: number; top1: number; top3: number } =>
  scores.reduce(
    (total, score) => ({
      count: total.count + score.count,
      top1: total.top1 + score.top1,
      top3: total.top3 + score.top3,
    }),
    { count: 0, top1: 0, top3: 0 },
  );

describe("the search evaluation on GitHub's, Slack's, Adyen's, OpenAI's and Twilio's documents", () => {
  it("holds several hundred queries on five documents of three styles", () => {
    const all = evaluationDocuments.flatMap((document) => [
      ...document.queries.tuning,
      ...[...document.queries.rounds.values()].flat(),
      ...document.queries.heldOut,
    ]);
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(evaluationDocuments.map((document) => document.style)).size).toBe(3);
  });

  it("finds the operation in the top 3 for at least 95 % of the tuning queries, and first for at least 85 %", () => {
    const total = sum(
      evaluationDocuments.map((document) =>
        evaluateQueries(catalogs.get(document.name) as OperationCatalog, document.queries.tuning),
      ),
    );
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.95);
    expect(total.top1 / total.count).toBeGreaterThanOrEqual(0.85);
  });

  const scoreOf = (of: (queries: QuerySet) => EvaluationQuery[]) =>
    sum(
      evaluationDocuments.map((document) =>
        evaluateQueries(catalogs.get(document.name) as OperationCatalog, of(document.queries)),
      ),
    );

  // Each round: its floor on top-3 (under today's figure, not the target) and the fewest queries it holds.
  it.each<[round: number, label: string, floor: number, fewest: number]>([
    [2, "the second round (92.3 % today)", 0.8, 90],
    [3, "the third round (90.5 % today, tuned on since)", 0.87, 90],
    [4, "the fourth round (94.5 % today, tuned on since)", 0.88, 90],
    [5, "the fifth round (88.8 % today, tuned on since)", 0.8, 80],
    [6, "the sixth round (92.5 % today, tuned on since)", 0.88, 80],
    [7, "the seventh round (91.2 % today, tuned on since)", 0.85, 140],
    [8, "the eighth round (88.3 % today, tuned on since)", 0.84, 120],
    [9, "the ninth round (94.3 % today, tuned on since)", 0.87, 100],
    [10, "the tenth round (92.5 % today, tuned on since)", 0.84, 80],
    [11, "the eleventh round (97.1 % today, tuned on since)", 0.93, 68],
    [12, "the twelfth round (100.0 % today, tuned on since)", 0.95, 70],
    [13, "the thirteenth round (90.0 % today, tuned on since)", 0.85, 60],
    [14, "the fourteenth round (96.7 % today, tuned on since)", 0.91, 60],
    [15, "the fifteenth round (91.7 % today, tuned on since)", 0.9, 60],
    [16, "the sixteenth round (91.7 % today, tuned on since)", 0.85, 60],
    [17, "the seventeenth round (98.3 % today, tuned on since)", 0.93, 60],
    [18, "the eighteenth round (100.0 % today, tuned on since)", 0.93, 60],
    [19, "the nineteenth round (90.0 % today, tuned on since)", 0.85, 60],
    [20, "the twentieth round (98.3 % today, tuned on since)", 0.93, 60],
    [21, "the twenty-first round (91.7 % today, tuned on since)", 0.87, 60],
    [22, "the twenty-second round (95.0 % today, tuned on since)", 0.9, 60],
    [23, "the twenty-third round (93.3 % today, tuned on since)", 0.87, 60],
    [24, "the twenty-fourth round (89.3 % today, tuned on since)", 0.85, 75],
    [25, "the twenty-fifth round (84.0 % today, tuned on since)", 0.8, 75],
    [26, "the twenty-sixth round (85.3 % today)", 0.82, 75],
  ])("finds the operation in the top 3 for round %s: %s, at least %s", (round, _label, floor, fewest) => {
    const total = scoreOf((queries) => queries.rounds.get(round) ?? []);
    expect(total.count).toBeGreaterThanOrEqual(fewest);
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(floor);
  });

  // The held-out round, when one is written and not read yet (between rounds there is none: the bench says so).
  const heldOutCount = evaluationDocuments.reduce((count, document) => count + document.queries.heldOut.length, 0);
  it.skipIf(heldOutCount === 0)(
    `finds the operation in the top 3 for the held-out queries (round ${heldOutRound}; 88.0 % today, short of the target), at least 0.82`,
    () => {
      const total = scoreOf((queries) => queries.heldOut);
      expect(total.count).toBeGreaterThanOrEqual(60);
      expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.82);
    },
  );
});
