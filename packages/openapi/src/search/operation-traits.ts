import type { IndexedOperation } from "../index/operation-index";
import { operationVerbs, scopeWords, type Action } from "./query-vocabulary";
import { isStopWord, repositoryByName, splitWords, stemOf } from "./search-terms";

/** What the ranking knows of an operation besides its words. */
export interface OperationTraits {
  /** The action its summary (or id, or method) names. */
  action: Action | undefined;
  /** Whether its HTTP method is the one `action` implies. */
  method: string;
  /** A path that ends in a collection (`/issues`), not an item (`/issues/{number}`). */
  collection: boolean;
  /** Admin, enterprise, organization or legacy variants. */
  scopes: Set<string>;
  /** The caller's own (`/user/...`, `/me`, "for the authenticated user"). */
  self: boolean;
  deprecated: boolean;
  /** The stems of the headline's words, each once. */
  headlineStems: string[];
  /** The stem of the headline's first word: the verb the operation is named with ("Schedules a message" → schedul). */
  leadStem: string | undefined;
  /** Stems of the collections the path names one item of (`/terminals/{terminalId}/logos` → termin). */
  itemStems: Set<string>;
  /** The stem of the collection whose one item the path addresses, when it ends in a parameter (`/hooks/{hook_id}` → hook). */
  addressedItemStem: string | undefined;
  /** The stem of the last word of the path's last literal segment: what it lists or addresses (`/fine_tuning/jobs/{id}/events` → event). */
  resourceStem: string | undefined;
  /** Acts on many at once (`bulk`, `batch` in its id or headline). */
  bulk: boolean;
  /** Stems of the things whose ID a path parameter takes (`/teams/{team_id}/members` → team), not a slug or a name. */
  idStems: Set<string>;
}

/** The stem of each thing a path parameter is the ID of (`{team_id}`, `{teamId}`, `{team-id}` → team). */
function idStemsOf(path: string): Set<string> {
  const stems = new Set<string>();
  for (const match of path.matchAll(/\{([A-Za-z0-9]+?)[_-]?(?:id|Id|ID)\}/g)) {
    const thing = words(match[1] as string).at(-1);
    if (thing !== undefined) stems.add(stemOf(thing));
  }
  // A repository named by its owner and name (`/repos/{owner}/{repo}`): what "acme/web" in a query names.
  if (/\{owner\}\/\{repo\}/.test(path)) stems.add(repositoryByName);
  return stems;
}

/** The last word's stem of each path segment followed by a parameter (`/apiCredentials/{id}` → credenti). */
function itemStemsOf(path: string): Set<string> {
  const segments = path.split("/");
  const stems = new Set<string>();
  segments.forEach((segment, at) => {
    if (segment.startsWith("{") || !segments[at + 1]?.startsWith("{")) return;
    const last = words(segment).at(-1);
    if (last !== undefined) stems.add(stemOf(last));
  });
  return stems;
}

/** The last word's stem of the path's last segment that is not a parameter. */
function resourceStemOf(path: string): string | undefined {
  const segment = path
    .split("/")
    .filter((part) => part !== "" && !part.startsWith("{"))
    .at(-1);
  const last = segment === undefined ? undefined : words(segment).at(-1);
  return last === undefined ? undefined : stemOf(last);
}

/** The first sentence of a text (up to its first line break when it has no sentence end). */
function firstSentenceOf(text: string): string {
  const sentence = /^[^\n]*?[.!?](\s|$)/.exec(text.trim());
  return (sentence?.[0] ?? text.trim().split("\n")[0] ?? "").trim();
}

/**
 * The first sentence of an operation's summary, or of its description when it
 * has no summary: a summary that runs to several sentences ("Upload a file that
 * can be used across various endpoints. Individual files can be up to 512 MB…")
 * is named by its first.
 */
export function headlineOf(operation: IndexedOperation): string {
  return firstSentenceOf(operation.summary.trim() !== "" ? operation.summary : operation.description);
}

/** What an operation says besides its headline: the rest of a long summary, and its description. */
export function detailsOf(operation: IndexedOperation): string {
  const summary = operation.summary.trim();
  const rest = summary === "" ? "" : summary.slice(firstSentenceOf(summary).length).trim();
  return rest === "" ? operation.description : `${rest}\n${operation.description}`;
}

const words = (text: string): string[] =>
  splitWords(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);

/** The action an operation names: the first verb of its headline, else of its id, else its method's. */
function actionOf(operation: IndexedOperation, headline: string, idWords: string): Action | undefined {
  // Reading (get, list) is a GET; a word "list" in another method's name is a noun ("export the projects list").
  const reads = operation.method === "GET" || operation.method === "HEAD";
  const verbOf = (word: string): Action | undefined => {
    const action = operationVerbs.get(stemOf(word));
    return !reads && (action === "get" || action === "list") ? undefined : action;
  };
  const first = words(headline)[0];
  const fromHeadline = first === undefined ? undefined : verbOf(first);
  if (fromHeadline !== undefined) return fromHeadline;
  for (const word of words(idWords)) {
    const action = verbOf(word);
    if (action !== undefined) return action;
  }
  // POST is not read as create: APIs send every kind of action with it (merge, cancel, Slack's whole API).
  switch (operation.method) {
    case "PUT":
    case "PATCH":
      return "update";
    case "DELETE":
      return "delete";
    default:
      return undefined;
  }
}

/** A path without the format suffix some APIs end it with (`/Calls/{Sid}.json` → `/Calls/{Sid}`). */
const withoutFormat = (path: string): string => path.replace(/\.(?:json|xml|csv|ya?ml|txt|html)$/i, "");

/**
 * The traits of an operation, computed once when the search index is built. `idWords` are the words of its
 * operationId as the index reads them (`operationIdWords`).
 */
export function traitsOf(operation: IndexedOperation, idWords = operation.operationId): OperationTraits {
  const headline = headlineOf(operation);
  const path = withoutFormat(operation.path);
  const scopes = new Set<string>();
  for (const word of [
    ...words(idWords),
    ...words(path.replace(/\{[^}]*\}/g, "")),
    ...operation.tags.flatMap(words),
    // "List your organization's fine-tuning jobs" is the caller's own, not an organization's variant.
    ...words(headline).filter((_word, at, all) => all[at - 1] !== "your"),
  ]) {
    const scope = scopeWords.get(stemOf(word));
    if (scope !== undefined) scopes.add(scope);
  }
  const lowerHeadline = headline.toLowerCase();
  const collection = !/\}\/?$/.test(path);
  const resourceStem = resourceStemOf(path);
  const self =
    /^\/(user|me)(\/|$)/.test(path) ||
    /\bauthenticated\b/.test(`${operation.operationId} ${lowerHeadline}`) ||
    /\b(calling|current) user\b/.test(lowerHeadline);
  return {
    action: actionOf(operation, headline, idWords),
    method: operation.method,
    collection,
    scopes,
    self,
    deprecated: operation.deprecated,
    headlineStems: [
      ...new Set(
        words(headline)
          .filter((word) => !isStopWord(word))
          .map(stemOf),
      ),
    ],
    leadStem: words(headline).map(stemOf)[0],
    itemStems: itemStemsOf(path),
    addressedItemStem: collection ? undefined : resourceStem,
    resourceStem,
    idStems: idStemsOf(path),
    bulk: /\b(?:bulk|batch)\b/i.test(`${idWords} ${headline}`),
  };
}
