/** Words too common to tell operations apart. */
const stopWords = new Set(["a", "an", "the", "of", "for", "to", "in", "on", "by", "and", "or", "with", "from", "at", "as", "is", "are", "be", "my", "me", "i", "this", "that", "it", "its", "all", "into", "about", "via"]);

/** Splits identifiers and paths into words: `issues/create`, `listForRepo`, `/repos/{owner}/{repo}` → words. */
export function splitWords(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[{}/_\-.:]+/g, " ")
    .trim();
}

/**
 * One search term as indexed and as queried: lower case, stop words dropped,
 * a plural folded to its singular (`repositories` → `repository`, `issues` → `issue`).
 */
export function processTerm(term: string): string | null {
  const word = term.toLowerCase();
  if (word.length === 0 || stopWords.has(word)) return null;
  const abbreviation = abbreviations.get(word);
  if (abbreviation !== undefined) return abbreviation;
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
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
]);

/** Verbs a person says, and the words APIs name the same action with. Only queries are widened; the index is not. */
const verbSynonyms = new Map([
  ["add", ["create"]],
  ["new", ["create"]],
  ["make", ["create"]],
  ["open", ["create"]],
  ["post", ["create"]],
  ["submit", ["create"]],
  ["remove", ["delete"]],
  ["fetch", ["get"]],
  ["show", ["get", "list"]],
  ["read", ["get"]],
  ["retrieve", ["get"]],
  ["view", ["get"]],
  ["find", ["search", "list"]],
  ["edit", ["update"]],
  ["change", ["update"]],
  ["modify", ["update"]],
  ["all", ["list"]],
]);

/** A query term: as `processTerm`, plus the words an API may use for the same verb. */
export function processQueryTerm(term: string): string | string[] | null {
  const word = term.toLowerCase();
  const synonyms = verbSynonyms.get(word);
  const processed = processTerm(term);
  if (synonyms === undefined) return processed;
  return processed === null ? synonyms : [processed, ...synonyms];
}
