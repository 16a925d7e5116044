import { beforeAll, describe, expect, it } from "vitest";
import {
  catalogOf,
  evaluateQueries,
  evaluationDocuments,
  type EvaluationScore,
} from "../../bench/evaluation/evaluate-search";
import type { OperationCatalog } from "../catalog/create-operation-catalog";

// The search evaluation of `pnpm bench` (bench/search.bench.ts), as a guard: its figures are deterministic, so a change
// to the ranking that loses queries fails here. Targets on the tuning queries; floors (today's figures, not the
// targets) on the second to seventh rounds' and the held-out ones (the eighth round).
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
      ...document.queries.secondRound,
      ...document.queries.thirdRound,
      ...document.queries.fourthRound,
      ...document.queries.fifthRound,
      ...document.queries.sixthRound,
      ...document.queries.seventhRound,
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

  const scoreOf = (
    set: "secondRound" | "thirdRound" | "fourthRound" | "fifthRound" | "sixthRound" | "seventhRound" | "heldOut",
  ) =>
    sum(
      evaluationDocuments.map((document) =>
        evaluateQueries(catalogs.get(document.name) as OperationCatalog, document.queries[set]),
      ),
    );

  it("finds the operation in the top 3 for at least 80 % of the second round's queries (a floor under today's 84.6 %)", () => {
    const total = scoreOf("secondRound");
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.8);
  });

  it("finds the operation in the top 3 for at least 85 % of the third round's queries (a floor under today's 87.4 %, tuned on since)", () => {
    const total = scoreOf("thirdRound");
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.85);
  });

  it("finds the operation in the top 3 for at least 88 % of the fourth round's queries (a floor under today's 91.2 %, tuned on since)", () => {
    const total = scoreOf("fourthRound");
    expect(total.count).toBeGreaterThanOrEqual(90);
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.88);
  });

  it("finds the operation in the top 3 for at least 77 % of the fifth round's queries (a floor under today's 80.0 %, tuned on since)", () => {
    const total = scoreOf("fifthRound");
    expect(total.count).toBeGreaterThanOrEqual(80);
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.77);
  });

  it("finds the operation in the top 3 for at least 88 % of the sixth round's queries (a floor under today's 91.3 %, tuned on since)", () => {
    const total = scoreOf("sixthRound");
    expect(total.count).toBeGreaterThanOrEqual(80);
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.88);
  });

  it("finds the operation in the top 3 for at least 84 % of the seventh round's queries (a floor under today's 87.1 %, tuned on since)", () => {
    const total = scoreOf("seventhRound");
    expect(total.count).toBeGreaterThanOrEqual(140);
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.84);
  });

  it("finds the operation in the top 3 for at least 80 % of the held-out queries (a floor under today's 83.3 %, short of the target)", () => {
    const total = scoreOf("heldOut");
    expect(total.count).toBeGreaterThanOrEqual(120);
    expect(total.top3 / total.count).toBeGreaterThanOrEqual(0.8);
  });
});
