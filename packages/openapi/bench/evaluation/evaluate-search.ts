import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createOperationCatalog, readOperationIndex, type OperationCatalog } from "../../src/index";
import { readQuerySet, type EvaluationQuery, type QuerySet } from "./evaluation-query";

const require = createRequire(import.meta.url);
const documents = fileURLToPath(new URL("../documents/", import.meta.url));

/** A document of the evaluation and its queries. */
export interface EvaluationDocument {
  name: string;
  style: string;
  file: string;
  queries: QuerySet;
}

/**
 * The five documents: different styles and sizes (Swagger 2.0 JSON, OpenAPI 3.0 JSON, OpenAPI 3.1 YAML; 134 to 1,200
 * operations). The ranking was tuned on the first three, on OpenAI's and Twilio's fifth to ninth rounds and on
 * GitHub's and OpenAI's tenth and eleventh, GitHub's twelfth to twenty-third, GitHub's and OpenAI's twenty-fourth and
 * every document's but OpenAI's twenty-fifth; the twenty-sixth, on all five, was read (its BM25 parameters were
 * chosen on the rounds before it); the `heldOutRound`, on all five, is held out.
 */
export const evaluationDocuments: EvaluationDocument[] = [
  {
    name: "GitHub",
    style: "OpenAPI 3.0 JSON",
    file: require.resolve("@octokit/openapi/generated/api.github.com.json"),
    queries: readQuerySet("github-queries.tsv"),
  },
  {
    name: "Slack",
    style: "Swagger 2.0 JSON",
    file: join(documents, "slack-web-api.json"),
    queries: readQuerySet("slack-queries.tsv"),
  },
  {
    name: "Adyen Management",
    style: "OpenAPI 3.1 YAML",
    file: join(documents, "adyen-management-v3.yaml"),
    queries: readQuerySet("adyen-queries.tsv"),
  },
  {
    name: "OpenAI",
    style: "OpenAPI 3.1 YAML",
    file: join(documents, "openai-api.yaml"),
    queries: readQuerySet("openai-queries.tsv"),
  },
  {
    name: "Twilio",
    style: "OpenAPI 3.0 JSON",
    file: join(documents, "twilio-api-v2010.json"),
    queries: readQuerySet("twilio-queries.tsv"),
  },
];

/** How a set of queries fared: how many found an expected operation first, and in the top 3. */
export interface EvaluationScore {
  count: number;
  top1: number;
  top3: number;
  misses: { query: string; expected: string[]; got: string[] }[];
}

/** An expected operationId (`*` for any characters) as a test on operationIds. */
function matcherOf(expected: string[]): (operationId: string) => boolean {
  const patterns = expected.map(
    (item) =>
      new RegExp(
        `^${item
          .split("*")
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join(".*")}$`,
      ),
  );
  return (operationId) => patterns.some((pattern) => pattern.test(operationId));
}

/** Runs each query on the catalog and scores it. Throws when an expected operationId matches no operation (a typo in the set). */
export function evaluateQueries(catalog: OperationCatalog, queries: EvaluationQuery[]): EvaluationScore {
  const operationIds = catalog.index.operations.map((operation) => operation.operationId);
  const score: EvaluationScore = { count: queries.length, top1: 0, top3: 0, misses: [] };
  for (const { query, expected } of queries) {
    const isExpected = matcherOf(expected);
    for (const item of expected) {
      if (!operationIds.some(matcherOf([item])))
        throw new Error(
          `the evaluation expects "${item}" for "${query}", which no operation of ${catalog.index.title} matches`,
        );
    }
    const got = catalog.search({ query, limit: 3 }).operations.map((operation) => operation.operationId);
    if (got[0] !== undefined && isExpected(got[0])) score.top1 += 1;
    if (got.some(isExpected)) score.top3 += 1;
    else score.misses.push({ query, expected, got });
    if (got[0] !== undefined && !isExpected(got[0]) && got.some(isExpected))
      score.misses.push({ query: `${query} (top 3, not first)`, expected, got });
  }
  return score;
}

/** The catalog of a document, indexed in a temporary directory (the index is cached next to the document). */
export async function catalogOf(file: string): Promise<OperationCatalog> {
  const directory = await mkdtemp(join(tmpdir(), "src-search-evaluation-"));
  try {
    const target = join(directory, basename(file));
    await copyFile(file, target);
    return createOperationCatalog(await readOperationIndex({ documentFile: target }));
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** `12/15 (80.0 %)`. */
export const percentOf = (part: number, whole: number): string =>
  `${part}/${whole} (${whole === 0 ? "-" : ((part / whole) * 100).toFixed(1)} %)`;
