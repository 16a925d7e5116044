import { beforeAll, describe, expect, it } from "vitest";
import { copyDocument, githubDocumentFile } from "../../test/documents";
import { githubQueries } from "../../test/github-queries";
import { createOperationCatalog, type OperationCatalog } from "../catalog/create-operation-catalog";
import { readOperationIndex } from "../index/read-operation-index";
import { maxSearchAnswerBytes, maxSearchLimit } from "./search-operations";

let catalog: OperationCatalog;
beforeAll(async () => {
  catalog = createOperationCatalog(await readOperationIndex({ documentFile: await copyDocument(githubDocumentFile) }));
}, 120_000);

/** The operationIds of the first three matches for `query`. */
const topThree = (query: string): string[] =>
  catalog
    .search({ query })
    .operations.slice(0, 3)
    .map((operation) => operation.operationId);

describe("searching GitHub's document (@octokit/openapi)", () => {
  it("indexes its operations", () => {
    expect(catalog.index.operations.length).toBeGreaterThan(1000);
    expect(catalog.index.title).toMatch(/GitHub/);
  });

  it(`has at least 20 plain-language queries in its table (${githubQueries.length})`, () => {
    expect(githubQueries.length).toBeGreaterThanOrEqual(20);
  });

  it.each(githubQueries)('finds $operationId in the top 3 for "$query"', ({ query, operationId }) => {
    expect(topThree(query)).toContain(operationId);
  });

  it("says when an offset is past the last match, and names the document's tags for a tag it does not have", () => {
    const past = catalog.search({ offset: 5000 });
    expect(past.operations).toEqual([]);
    expect(past.note).toBe(
      `offset 5000 is past the last of the ${catalog.index.operations.length} matches; give an offset below ${catalog.index.operations.length}`,
    );
    const noTag = catalog.search({ tag: "nosuchtag" });
    expect(noTag.total).toBe(0);
    expect(noTag.note).toMatch(
      /^no operation has the tag "nosuchtag"; the document's tags: actions, activity, .* and \d+ more$/,
    );
    expect(catalog.search({ tag: "Repos" }).note).toContain("give offset 8");
  });

  it("names the ids a typo away, nearest first, letter case ignored; none for an id far from every one", () => {
    expect(catalog.closestIds("repos/create-forkk")[0]).toBe("repos/create-fork");
    expect(catalog.closestIds("Repos/Get-Readme")[0]).toBe("repos/get-readme");
    expect(catalog.closestIds("issues/lst-for-repo")).toContain("issues/list-for-repo");
    expect(catalog.closestIds("something/else-entirely")).toEqual([]);
  });

  it("counts a word matched in a short headline above the same word in a long one (BM25's b 1, d 0.2)", () => {
    // With MiniSearch's defaults (b 0.7, d 0.5) the README came second, under repos/get-readme-in-directory, and the
    // organization was not in the top 3.
    expect(topThree("get the README")[0]).toBe("repos/get-readme");
    expect(topThree("Tell me about the microsoft organization on GitHub")).toContain("orgs/get");
  });

  it("answers each match with operationId, method, path, summary and the required names", () => {
    const match = catalog
      .search({ query: "create an issue" })
      .operations.find((operation) => operation.operationId === "issues/create");
    expect(match).toEqual({
      operationId: "issues/create",
      method: "POST",
      path: "/repos/{owner}/{repo}/issues",
      summary: "Create an issue",
      required: ["owner", "repo", "body"],
    });
  });

  it("filters by tag, and lists a tag's operations without words", () => {
    const answer = catalog.search({ tag: "gists", limit: 25 });
    expect(answer.total).toBeGreaterThan(10);
    expect(answer.operations.every((operation) => operation.operationId.startsWith("gists/"))).toBe(true);
    const both = catalog.search({ query: "star", tag: "gists" });
    expect(both.operations[0]?.operationId).toBe("gists/star");
  });

  it("keeps every answer under 4 KB, even at the largest limit", () => {
    for (const query of ["repository", "list", "get a", "pull request review comment", ""]) {
      const answer = catalog.search({ query, limit: maxSearchLimit, tag: query === "" ? "repos" : undefined });
      expect(Buffer.byteLength(JSON.stringify(answer))).toBeLessThanOrEqual(maxSearchAnswerBytes);
      expect(answer.total).toBeGreaterThanOrEqual(answer.operations.length);
    }
  });

  it("defaults to 8 matches and caps the limit at 25", () => {
    expect(catalog.search({ query: "repository" }).operations).toHaveLength(8);
    expect(catalog.search({ query: "repository", limit: 500 }).operations.length).toBeLessThanOrEqual(25);
  });

  it.each([
    { why: "a misspelt word (fuzzy)", query: "create an isue", operationId: "issues/create" },
    { why: "a word's beginning (prefix)", query: "gitignore templ", operationId: "gitignore/get-all-templates" },
  ])('matches $why: $operationId in the top 3 for "$query"', ({ query, operationId }) => {
    expect(topThree(query)).toContain(operationId);
  });
});

describe("a query that is an operationId", () => {
  it.each(["repos/create-fork", "issues/list-for-repo", "Repos/Create-Fork", "pulls/create-review-comment"])(
    "finds %s first",
    (operationId) => {
      expect(catalog.search({ query: operationId }).operations[0]?.operationId).toBe(operationId.toLowerCase());
    },
  );

  it("splits a camelCase query as the index splits operationIds", () => {
    expect(topThree("createFork")).toContain("repos/create-fork");
  });
});
