import MiniSearch from "minisearch";
import type { IndexedOperation, OperationIndex } from "../index/operation-index";
import { analyzeQuery } from "./analyze-query";
import { operationIdWords } from "./operation-id-words";
import { detailsOf, headlineOf, traitsOf, type OperationTraits } from "./operation-traits";
import { rankFactor } from "./rank-factor";
import { processTerm, splitWords } from "./search-terms";
import { fitToBytes } from "../describe/fit-to-bytes";

/** How much a match in each field counts. */
const fieldBoosts = { headline: 3, operationId: 1.5, tags: 1, path: 1, description: 0.2 };

/**
 * BM25's parameters (MiniSearch's defaults are k 1.2, b 0.7, d 0.5). A word matched in a short field (a four-word
 * headline, an id) says more about the operation than the same word in a long one, so field length is normalised in
 * full (b 1); and the floor every match gets is lower (d 0.2), so how often and where a word matches weighs more.
 * Chosen on the evaluation's rounds already read (1,733 → 1,746 of 2,202 first); on new queries, measured after the
 * choice: the twenty-sixth round 48 → 50 of 75 first, the twenty-seventh 65 → 66 of 75 in the top 3.
 */
const bm25 = { k: 1.2, b: 1, d: 0.2 };

/** Default and largest number of matches an answer holds. */
export const defaultSearchLimit = 8;
export const maxSearchLimit = 25;
/** Upper bound of a search answer, in UTF-8 bytes of its JSON. */
export const maxSearchAnswerBytes = 4096;

/** One match, as the agent sees it. */
export interface OperationMatch {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** Names of the required path, query and header parameters, and `body` when a body is required. */
  required: string[];
}

/** What a search answers: the best matches and how many operations matched in all. */
export interface OperationSearchAnswer {
  total: number;
  operations: OperationMatch[];
  /** Present when matches were left out to stay under 4 KB, or the limit was lowered. */
  note?: string;
}

/** What to search for: words, a tag, or both. */
export interface OperationSearchQuery {
  query?: string | undefined;
  tag?: string | undefined;
  /** Default 8, at most 25. */
  limit?: number | undefined;
  /** How many matches to skip, to page through them (an empty query lists every operation). Default 0. */
  offset?: number | undefined;
}

/** The required parameter names of an operation, and `body` when its body is required. */
export function requiredOf(operation: IndexedOperation): string[] {
  const names = operation.parameters
    .filter((parameter) => parameter.required && parameter.in !== "cookie")
    .map((parameter) => parameter.name);
  if (operation.requestBody?.required === true) names.push("body");
  return names;
}

/** The match an agent sees for an operation (summary cut to 140 characters). */
export function toMatch(operation: IndexedOperation): OperationMatch {
  const summary = operation.summary || operation.description;
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    summary: summary.length > 140 ? `${summary.slice(0, 139)}…` : summary,
    required: requiredOf(operation),
  };
}

/** Most results of the text match that the ranking weighs (the rest cannot climb into a page of 25). */
const rankedCandidates = 200;

/**
 * Full-text search over an index's operations (MiniSearch: BM25 with fuzzy
 * and prefix matching) over operationId, path words, headline (the summary, or
 * the description's first sentence), description and tags, all stemmed. The
 * query is read with a vocabulary (verbs and nouns a person says for the
 * API's words, searched at a lower weight), and the text scores are weighed by
 * what the query asks for (`rankFactor`). Built once per index; each search is
 * a few milliseconds at most.
 */
export function createOperationSearch(index: OperationIndex): (query: OperationSearchQuery) => OperationSearchAnswer {
  const idWords = index.operations.map(operationIdWords);
  const traits = index.operations.map((operation, at) => traitsOf(operation, idWords[at] as string));
  const search = new MiniSearch<IndexedOperation & { id: number }>({
    idField: "id",
    fields: ["operationId", "path", "headline", "description", "tags"],
    extractField: (document, field) => {
      if (field === "id") return String(document.id);
      if (field === "headline") return headlineOf(document);
      if (field === "tags") return document.tags.map(splitWords).join(" ");
      if (field === "operationId") return idWords[document.id];
      if (field === "path") return splitWords(document.path);
      return detailsOf(document);
    },
    processTerm,
  });
  search.addAll(index.operations.map((operation, id) => ({ ...operation, id })));
  /** The stems of the words the document names its operations with: a query word outside them is not the document's. */
  const documentStems = new Set<string>();
  for (const [at, operation] of index.operations.entries()) {
    for (const text of [idWords[at] as string, operation.path, headlineOf(operation), ...operation.tags]) {
      for (const word of splitWords(text).split(/[^A-Za-z0-9]+/)) {
        const stem = processTerm(word);
        if (stem !== null) documentStems.add(stem);
      }
    }
  }
  /** The first words of the operations' headlines: the document's verbs. */
  const documentLeadStems = new Set(traits.flatMap((trait) => (trait.leadStem === undefined ? [] : [trait.leadStem])));
  /** The document's tags in lower case, and a bounded list of them as written, for a tag that names none. */
  const knownTags = new Set(index.operations.flatMap((operation) => operation.tags.map((item) => item.toLowerCase())));
  const writtenTags = [...new Set(index.operations.flatMap((operation) => operation.tags))].sort();
  const tagList =
    writtenTags.length === 0
      ? "none"
      : `${writtenTags.slice(0, 20).join(", ")}${writtenTags.length > 20 ? ` and ${writtenTags.length - 20} more` : ""}`;
  /** Operations by their operationId in lower case: a query that is an operationId finds it first. */
  const byId = new Map(index.operations.map((operation) => [operation.operationId.toLowerCase(), operation]));

  const find = (words: string, inTag: (operation: IndexedOperation) => boolean): IndexedOperation[] => {
    const query = analyzeQuery(words, documentStems, documentLeadStems);
    if (query.terms.length === 0) return [];
    const results = search.search(query.terms.join(" "), {
      processTerm: (term) => term,
      boost: fieldBoosts,
      boostTerm: (_term, at) => query.weights[at] ?? 1,
      // Fuzzy matching (a misspelt word) only for a word the document does not name its operations with: it is the costly part.
      fuzzy: (term, at) => (query.added[at] !== true && term.length > 5 && !documentStems.has(term) ? 0.15 : false),
      maxFuzzy: 1,
      prefix: (term, at) => query.added[at] !== true && term.length > 4,
      combineWith: "OR",
      bm25,
      filter: (result) => inTag(index.operations[result.id as number] as IndexedOperation),
    });
    return results
      .slice(0, rankedCandidates)
      .map((result) => ({
        id: result.id as number,
        score:
          result.score *
          rankFactor(
            query,
            traits[result.id as number] as OperationTraits,
            new Set(result.queryTerms),
            new Set(result.terms),
          ),
      }))
      .sort((left, right) => right.score - left.score)
      .map((result) => index.operations[result.id] as IndexedOperation)
      .concat(
        results.slice(rankedCandidates).map((result) => index.operations[result.id as number] as IndexedOperation),
      );
  };

  return ({ query, tag, limit, offset = 0 }) => {
    const wanted = Math.min(Math.max(Math.trunc(limit ?? defaultSearchLimit), 1), maxSearchLimit);
    const tagWanted = tag?.trim().toLowerCase();
    const inTag = (operation: IndexedOperation): boolean =>
      tagWanted === undefined || tagWanted === "" || operation.tags.some((item) => item.toLowerCase() === tagWanted);
    let found: IndexedOperation[];
    const words = query?.trim() ?? "";
    if (words === "") found = index.operations.filter(inTag);
    else {
      // The query is split as the index is (camelCase, `/`, `-`, `_`), so `createThing` and `repos/create-fork` find their words.
      found = find(words, inTag);
      const exact = byId.get(words.toLowerCase());
      if (exact !== undefined && inTag(exact)) found = [exact, ...found.filter((operation) => operation !== exact)];
    }
    const start = Math.max(0, Math.trunc(offset));
    const answer: OperationSearchAnswer = {
      total: found.length,
      operations: found.slice(start, start + wanted).map(toMatch),
    };
    if (start + wanted < found.length && (words === "" || start > 0))
      answer.note = `matches ${start + 1} to ${start + answer.operations.length} of ${found.length}; give offset ${start + wanted} for the next ones`;
    else if (start > 0 && start >= found.length && found.length > 0)
      answer.note = `offset ${start} is past the last of the ${found.length} matches; give an offset below ${found.length}`;
    else if (found.length === 0 && tagWanted !== undefined && tagWanted !== "" && !knownTags.has(tagWanted))
      answer.note = `no operation has the tag ${JSON.stringify(tag?.trim().slice(0, 80))}; the document's tags: ${tagList}`;
    return fitToBytes(answer, maxSearchAnswerBytes, (current) => {
      if (current.operations.length <= 1) return undefined;
      return {
        ...current,
        operations: current.operations.slice(0, -1),
        note: "fewer matches shown to keep the answer under 4 KB; narrow the query or use tag",
      };
    });
  };
}
