import { stemmer } from "stemmer";

/** Words too common to tell operations apart. */
const stopWords = new Set([
  "a",
  "an",
  "the",
  "of",
  "for",
  "to",
  "in",
  "on",
  "by",
  "and",
  "or",
  "with",
  "from",
  "at",
  "as",
  "is",
  "are",
  "be",
  "was",
  "were",
  "been",
  "my",
  "me",
  "i",
  "am",
  "mine",
  "myself",
  "our",
  "we",
  "us",
  "your",
  "you",
  "this",
  "that",
  "these",
  "those",
  "it",
  "its",
  "into",
  "about",
  "via",
  "do",
  "does",
  "did",
  "has",
  "have",
  "had",
  "can",
  "could",
  "would",
  "should",
  "please",
  "how",
  "which",
  "what",
  "there",
  "their",
  "them",
  "some",
  "one",
  "any",
  "own",
  "across",
  // A question's "when" and "where" ("when was it last updated?") and "also", "just": no part of the thing asked for.
  "when",
  "where",
  "also",
  "just",
  "exactly",
  "only",
  "whatever",
  // A yes-or-no question's "whether" (how the search reads "is…", "does…"): a check, no part of the thing.
  "whether",
  // "the team whose ID is 3482119": the ID is the team's, "whose" no part of it.
  "whose",
  // A negation ("hasn't accepted", "shouldn't be available"): no part of the thing.
  "not",
  // "which roles exist?" asks for the roles; "Updates an existing role" says nothing about which operation it is.
  "exist",
  "exists",
  "existing",
]);

/** Splits identifiers and paths into words: `issues/create`, `listForRepo`, `/repos/{owner}/{repo}`, `chat.postMessage` → words. */
export function splitWords(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/[{}/_\-.:]+/g, " ")
    .trim();
}

/** Short forms that APIs use in ids and paths, read as the word (`repos` → `repository`). */
const abbreviations = new Map([
  ["repo", "repository"],
  ["repos", "repository"],
  ["pr", "pull"],
  ["prs", "pull"],
  ["org", "organization"],
  ["orgs", "organization"],
  ["config", "configuration"],
  ["configs", "configuration"],
  ["info", "information"],
  ["dm", "direct"],
  ["dms", "direct"],
  ["im", "direct"],
  ["asst", "assistant"],
]);

/** Words the stemmer would fold into another word's stem (`settings` → `set`, the verb). */
const stemExceptions = new Map([
  ["settings", "setting"],
  ["setting", "setting"],
  ["news", "news"],
  ["reaction", "react"],
  ["reactions", "react"],
]);

/** A word as the index and the queries compare it: lower case, abbreviations spelled out, stemmed (Porter: `repositories` → `repositori`). */
export function stemOf(word: string): string {
  const lower = word.toLowerCase();
  const spelled = abbreviations.get(lower) ?? lower;
  const stem = stemExceptions.get(spelled) ?? stemmer(spelled);
  // Porter writes a final y as i ("deploy" → deploi) but not when a later step bares it ("deployment" → deploy): one
  // stem for both.
  return stem.endsWith("y") ? `${stem.slice(0, -1)}i` : stem;
}

/** Whether a word carries no meaning for search. */
export function isStopWord(word: string): boolean {
  return stopWords.has(word.toLowerCase());
}

/** One search term as indexed: `null` for a stop word, else its stem. */
export function processTerm(term: string): string | null {
  if (term.length === 0 || isStopWord(term)) return null;
  return stemOf(term);
}

/** What a path's `{owner}/{repo}` takes and a query's "acme/web" names: a repository by its owner and name. */
export const repositoryByName = "{owner}/{repo}";
