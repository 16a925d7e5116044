import type { IndexedOperation } from "../index/operation-index";
import { headlineOf } from "./operation-traits";
import { splitWords } from "./search-terms";

/** Verbs an operationId starts with that its own path and summary may not spell ("Get a project's …" is `Getproject…`). */
const idVerbs = ["get", "list", "create", "update", "delete", "retrieve", "set", "add", "remove", "cancel"];

/** A run of letters this long, with no case change or separator in it, is several words written together. */
const minJoinedLength = 10;

/**
 * The fewest words, each one the operation's own (from its path, headline and description) or a verb, that spell
 * `joined` exactly; undefined when none do.
 */
function segment(joined: string, vocabulary: Set<string>): string[] | undefined {
  // best[end]: the fewest words that spell joined.slice(0, end).
  const best: (string[] | undefined)[] = [[]];
  for (let end = 1; end <= joined.length; end++) {
    for (let start = 0; start < end; start++) {
      const before = best[start];
      const word = joined.slice(start, end);
      if (before === undefined || !vocabulary.has(word)) continue;
      const current = best[end];
      if (current === undefined || before.length + 1 < current.length) best[end] = [...before, word];
    }
  }
  return best[joined.length];
}

/**
 * The words of an operationId, as the index reads them. Ids are split at separators and case changes
 * (`repos/list-for-org`, `listForRepo`); an id written as one lower-case run (OpenAI's `Updateprojectspendlimit`) is
 * split into the words of the operation's own summary and path it spells (`update project spend limit`), so a query
 * for a "project spend limit" finds it by its name as it finds `update-project-rate-limits` by its own.
 */
export function operationIdWords(operation: IndexedOperation): string {
  const split = splitWords(operation.operationId);
  if (!/^[A-Za-z][a-z]+$/.test(split) || split.length < minJoinedLength) return split;
  const vocabulary = new Set(idVerbs);
  for (const text of [operation.path, headlineOf(operation), operation.description]) {
    for (const word of splitWords(text)
      .toLowerCase()
      .split(/[^a-z]+/))
      if (word.length >= 2) vocabulary.add(word);
  }
  return segment(split.toLowerCase(), vocabulary)?.join(" ") ?? split;
}
