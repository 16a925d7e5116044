import {
  firstPersonWords,
  operationVerbs,
  phrases,
  queryWordOf,
  scopeWords,
  type Action,
  type QueryWord,
} from "./query-vocabulary";
import { isStopWord, repositoryByName, splitWords, stemOf } from "./search-terms";

/** Weight of a word the vocabulary adds (`create` for "add") next to a word the person wrote that the document uses too. */
export const addedWordWeight = 0.5;
/** Weight of a word the vocabulary adds for a word the document does not use ("people" → user): the added word is what the person meant. */
export const replacingWordWeight = 0.9;
/**
 * Weight of a word that says how the person sees the thing, not which thing ("a specific member", "the details of a
 * project", "info about"), in the text match and in how much of the query an operation covers.
 */
export const fillerWordWeight = 0.3;
/** Weight, in how much of the query an operation covers, of a word that only names the action ("add", "list"). */
export const actionWordShare = 0.5;
/**
 * Factor on the verbs the vocabulary adds ("show" → get, list; "remove" → delete): the ranking weighs the action
 * itself (`rankFactor`), and APIs use those words as nouns too (Twilio's "Get All Credential Lists" is no answer to
 * "show me my texts").
 */
export const actionAddedWordFactor = 0.3;

/** A query as the search runs it. */
export interface QueryAnalysis {
  /** The stems searched, each once: the person's words first, then the added ones. */
  terms: string[];
  /** The weight of each term (1 for the person's words, less for added ones). */
  weights: number[];
  /** Whether each term was added by the vocabulary (no fuzzy or prefix matching for those). */
  added: boolean[];
  /** One group per word the person wrote: its stem and the stems it added. */
  groups: string[][];
  /** The weight of each group in how much of the query an operation covers. */
  groupWeights: number[];
  /** The actions the query asks for ("add" → create); empty when it names none. */
  actions: Set<Action>;
  /** The scopes the query names (admin, enterprise, organization, legacy). */
  scopes: Set<string>;
  /** The person speaks of themself ("my", "me", "I"). */
  firstPerson: boolean;
  /** The stem of the query's first word that is not a stop word: the verb, when the person starts with one. */
  leadStem: string | undefined;
  /** Stems of the words the person names one item of ("a specific terminal", "one api credential"). */
  itemStems: Set<string>;
  /**
   * The query names a thing and no action ("teams that hold an organization
   * role", "settings of one terminal"): it asks to read it. Its first word is
   * neither an action of the vocabulary nor a verb the document's headlines
   * start with, nor a verb undone ("star a repository", "unstar a gist" are not reads).
   */
  readsByDefault: boolean;
  /**
   * Whether the thing the query asks about is one item ("the settings of my
   * domain", "a specific run") or many ("which files are in my store", "what
   * containers do I have"), from its first run of nouns: many when one of
   * them is plural ("codeql databases exist"); undefined when it has none.
   */
  objectNumber: "one" | "many" | undefined;
  /**
   * Stems of the thing the query names by a number ("review 8812 on pull request 42" → review; "hook 1234"): the
   * first noun (and the word before it) that a number follows. The operation addresses one of those.
   */
  numberedItemStems: Set<string>;
  /**
   * Stems of the things the query speaks of all of ("every comment on any issue", "all the labeled events"): an
   * operation on one of them (`/issues/{issue_number}/comments`) is not what the person asks for.
   */
  everyStems: Set<string>;
  /** Stems of the things the query names by their ID ("the team with ID 1185", "team id 4412" → team). */
  idStems: Set<string>;
  /** The query asks for many at once ("bulk delete", "several", "all at once"). */
  bulk: boolean;
  /** Stems of the head noun of the query's first run of nouns ("fine tuning jobs" → job), and of its last two words joined. */
  objectStems: Set<string>;
}

/** Words that ask for many at once ("all at once" reads as "bulk"). */
const bulkWords = new Set(["bulk", "batch", "several", "multiple"]);

/** Words that say the person means one item, not the collection ("a specific terminal"). */
const oneItemWords = new Set(["one", "single", "specific", "particular", "given", "certain", "individual"]);

/** Nouns that are an aspect of one item, not the item ("account details", "the settings of a domain"). */
const facetWords = new Set([
  ...["details", "detail", "settings", "setting", "info", "information", "properties", "metadata", "status"],
  ...["config", "configuration", "content", "contents", "data", "state", "progress"],
]);
/** Aspects that belong to one item when they are "of" it ("the details of my short code"). */
const itemFacetWords = new Set(["details", "detail", "info", "information", "properties", "metadata"]);
const aboutWords = new Set(["of", "about", "on", "for"]);

/** Nouns that are many without ending in s. */
const pluralWithoutS = new Set(["people", "folks", "staff", "everyone", "everybody", "children", "media"]);

const isPlural = (word: string): boolean =>
  pluralWithoutS.has(word) || (word.length > 3 && word.endsWith("s") && !/(ss|us|is)$/.test(word));

/** Words before a run of nouns that name what holds the thing asked about ("who is in a project"). */
const placeWords = new Set([
  "in",
  "on",
  "at",
  "from",
  "inside",
  "within",
  "across",
  "into",
  "to",
  "for",
  "of",
  "under",
]);

/** Words before a singular noun that speak of all of them ("each graded result"). */
const everyWords = new Set(["each", "every", "all", "any"]);

/**
 * One item or many, from the query's first run of nouns ("vector store files"):
 * many when one of them is plural or the run follows "each" or "every", aspects skipped ("the settings of my domain"
 * asks about one domain). `isNoun` tells the words that can be in a run.
 */
function objectOf(
  words: string[],
  isNoun: (word: string, at: number) => boolean,
): { nouns: string[]; contained: boolean; number: "one" | "many" } | undefined {
  let run: string[] = [];
  for (let at = 0; at <= words.length; at += 1) {
    const word = words[at];
    if (word !== undefined && !everyWords.has(word) && isNoun(word, at)) {
      run.push(word);
      continue;
    }
    const nouns = run.filter((noun) => !facetWords.has(noun));
    let before = at - run.length - 1;
    while (objectStartWords.has(words[before] ?? "") && !everyWords.has(words[before] ?? "")) before -= 1;
    if (nouns.length > 0)
      return {
        nouns,
        contained: placeWords.has(words[before] ?? ""),
        number: nouns.some(isPlural) || everyWords.has(words[at - run.length - 1] ?? "") ? "many" : "one",
      };
    run = [];
  }
  return undefined;
}

/**
 * A hyphenated name of letters after "in", "for", "at"…, with no "/" and no thing's noun after it ("in acme-corp", "for
 * my-company's repos"), and words the document does not use: an organization's name, as "acme/web" names a
 * repository of one ("in read-only mode" is no name; "for gpt-4o" names a model).
 */
const organizationName =
  /\b(?:in|for|at|of|from|to)\s+([a-z]+(?:-[a-z]+)+)\b(?![/\w-])(?!\s+(?:repo|repos|repository|repositories|branch|team|package|project|workflow|file|app|environment|runner|group|image|container)\b)/gi;

function namesOrganizationIn(text: string, documentStems: ReadonlySet<string>): boolean {
  return [...text.matchAll(organizationName)].some((match) =>
    (match[1] as string)
      .toLowerCase()
      .split("-")
      .some((part) => !documentStems.has(stemOf(part))),
  );
}

/** An owner and a name ("acme/web", "in octo/api?"), not a URL's path nor a pattern ("our-org/*"). */
const ownersAndNames = /(?:^|[\s(])[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*(?=$|[\s,;:?!)'’]|\.(?:[\s)]|$))/gi;

/** The words of the repositories the query names by owner and name ("acme/legacy": acme, legacy). */
function repositoryNameWordsOf(text: string): Set<string> {
  return new Set([...text.matchAll(ownersAndNames)].flatMap((match) => queryWordsOf(match[0]).split(/[^a-z0-9]+/)));
}

/** A yes-or-no question about how far a thing has come ("is my file done processing", "did my upload finish"). */
const stateQuestion =
  /^(?:is|are|did|does|do|has|have|was|were)\b.*\b(?:done|finish|finished|ready|complete|completed|processed|processing|succeed|succeeded|fail|failed)\b/;

/** Words that follow a verb, not a noun ("watch a repository", "remind me", "cap how much"). */
const objectStartWords = new Set([
  ...["a", "an", "the", "my", "our", "me", "us", "your", "his", "her", "their", "its", "this", "these", "those"],
  ...["how", "what", "which", "all", "every", "some", "each", "any", "someone", "everyone", "it", "them"],
]);

/**
 * The query's text in lower case, split as the index splits words, without the values the person gives: a URL, a name
 * in capitals with underscores (`DEPLOY_KEY`, `NPM_TOKEN`), a pattern (`our-org/*`, `release-*`).
 */
function queryWordsOf(text: string): string {
  return splitWords(
    text
      .replace(/\bhttps?:\/\/\S*/g, " ")
      // A plural of capitals is one word ("PRs", "IDs"), not a capital and a word.
      .replace(/\b([A-Z]{2,})s\b/g, (_plural, capitals: string) => `${capitals.toLowerCase()}s`)
      // A possessive's "'s" ("our org's secret") is no word.
      .replace(/(\w)['’]s\b/g, "$1")
      .replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, " ")
      .replace(/[^\s,;]*\*[^\s,;]*/g, " "),
  ).toLowerCase();
}

/**
 * The run of words after "a specific", "one", "one of my"... names the item: its last (up to two) words, the noun or
 * an adjective and the noun ("one code security configuration" is one configuration). So does the run after "the
 * details of my", "info about the".
 */
function itemStemsOf(words: string[]): string[] {
  const stems: string[] = [];
  words.forEach((word, at) => {
    let from = at + 1;
    let ofMany = false;
    if (oneItemWords.has(word)) {
      // "one of my keys" is one key.
      ofMany = words[from] === "of" && objectStartWords.has(words[from + 1] ?? "");
      if (ofMany) from += 2;
    } else if (itemFacetWords.has(word) && aboutWords.has(words[from] ?? "")) {
      from += objectStartWords.has(words[from + 1] ?? "") ? 2 : 1;
    } else return;
    let to = from;
    while (
      to < from + 4 &&
      to < words.length &&
      !isStopWord(words[to] as string) &&
      queryWordOf(words[to] as string)?.actions === undefined
    )
      to += 1;
    const item = words
      .slice(Math.max(from, to - 2), Math.max(to, from + 1))
      .filter((next) => !isStopWord(next) && (ofMany || !isPlural(next)));
    for (const next of item) stems.push(stemOf(next));
    if (item.length === 2) stems.push(stemOf(item.join("")));
  });
  return stems;
}

/** Verbs that bring a thing back from a state ("reactivate the suspended installation"). */
const undoWords = new Set(["reactivate", "resume", "restore", "reinstate", "reenable", "undo", "revert", "lift"]);

/** Words before a participle that make it say what state a thing is in ("my stopped codespace"). */
const stateDeterminers = new Set(["my", "our", "the", "a", "an", "this", "that", "these", "those", "your", "their"]);

/**
 * Where the query says what state a thing is in with a verb the document names operations by ("start my stopped
 * codespace", "delete the archived repos"): after "my", "the"… and before a noun, it is no request to stop or archive.
 * In a read ("list the approved apps") the state says which ones, and stays a word like the others.
 */
function stateParticiplesOf(words: string[], documentLeadStems: ReadonlySet<string>): Set<number> {
  const at = new Set<number>();
  const lead = words.find((word) => !isStopWord(word));
  const reads = queryWordOf(lead ?? "")?.actions?.some((action) => action === "get" || action === "list") === true;
  if (reads) return at;
  words.forEach((word, index) => {
    const next = words[index + 1];
    if (
      index > 0 &&
      word.endsWith("ed") &&
      stateDeterminers.has(words[index - 1] as string) &&
      next !== undefined &&
      !isStopWord(next) &&
      documentLeadStems.has(stemOf(word))
    )
      at.add(index);
  });
  return at;
}

/**
 * Where a clause that describes the thing begins ("a ruleset for our org that applies to all repos and blocks force
 * pushes", "change the webhook so it also fires on pushes"): its verbs say what the thing does, not what the person
 * asks for, so they name no action (their words are searched as usual). The length of the query when there is none.
 */
function relativeClauseAt(words: string[]): number {
  const at = words.findIndex(
    (word, index) =>
      index > 1 &&
      // After a noun ("our org that applies"), not a verb ("remove that label").
      ((word === "that" && queryWordOf(words[index - 1] as string)?.actions === undefined) ||
        (word === "so" && ["it", "they", "that", "i", "we", "you"].includes(words[index + 1] ?? ""))),
  );
  return at === -1 ? words.length : at;
}

/** Stems of the words after "every", "any", "all", "each" (up to three, past "the", "my", "of"…). */
function everyStemsOf(words: string[]): string[] {
  const stems: string[] = [];
  words.forEach((word, at) => {
    if (!everyWords.has(word)) return;
    let from = at + 1;
    while (objectStartWords.has(words[from] ?? "") || words[from] === "of") from += 1;
    for (let to = from; to < from + 3 && to < words.length; to += 1) {
      const next = words[to] as string;
      if (isStopWord(next) || queryWordOf(next)?.actions !== undefined) break;
      stems.push(stemOf(next));
    }
  });
  return stems;
}

/** Verbs after "not" whose object the person lacks ("I don't know its slug", "we don't have the name"). */
const lackingVerbs = new Set(["know", "have", "remember", "need"]);
/** Words that carry a negation on to the next thing ("not its slug or which org"). */
const negationLinks = new Set(["or", "nor"]);

/**
 * Positions of the things the person says they do not mean or do not have ("not the team name", "I don't know its
 * slug or which org it's in"): no part of what to search. A verb or a participle after "not" stays ("won't cancel",
 * "not the merged ones").
 */
function negatedPositionsOf(words: string[]): Set<number> {
  const negated = new Set<number>();
  words.forEach((word, at) => {
    if (word !== "not") return;
    let next = at + 1;
    const lacking = lackingVerbs.has(words[next] ?? "");
    if (lacking) next += 1;
    // A thing, as "the", "its", "which"… begin it; "won't cancel" negates a verb, which stays what is asked about.
    if (!objectStartWords.has(words[next] ?? "")) return;
    if (lacking) negated.add(next - 1);
    // "the", "its", "which"… begin a thing only at the start or after "or": "not its org name. Which repos…" asks for repos.
    let startsThing = true;
    for (; next < words.length; next += 1) {
      const candidate = words[next] as string;
      if (negationLinks.has(candidate)) startsThing = true;
      else if (objectStartWords.has(candidate) && startsThing) continue;
      else if (
        isStopWord(candidate) ||
        objectStartWords.has(candidate) ||
        queryWordOf(candidate)?.actions !== undefined ||
        /(?:ed|ing)$/.test(candidate)
      )
        break;
      else {
        negated.add(next);
        startsThing = false;
      }
    }
  });
  return negated;
}

/** Verbs that put a thing on, and verbs that take it off. */
const onWords = new Set(["enable", "add", "include"]);
const offWords = new Set(["disable", "remove", "revoke", "exclude", "drop"]);

/** Whether the query both puts something on and takes something off ("add web and remove legacy"). */
function turnsOnAndOff(words: string[]): boolean {
  return words.some((word) => onWords.has(word)) && words.some((word) => offWords.has(word));
}

/** Words between a thing and the ID the person gives it ("the team with the ID 1185", "the team whose ID is 3482"). */
const idLeadWords = new Set(["with", "the", "its", "numeric", "number", "whose"]);

const isNumber = (word: string | undefined): boolean => word !== undefined && /^[0-9]+$/.test(word);

/**
 * Stems of the things named by an ID: followed by its number ("team with ID 1185", "team id 4412", "the team whose ID
 * is 3482" → team), or said to be numeric ("I only have the numeric team ID").
 */
function idStemsOf(words: string[]): string[] {
  const stems: string[] = [];
  const numberedAt = words.findIndex((number, index) => index > 0 && isNumber(number));
  words.forEach((word, at) => {
    if (word !== "id") return;
    let before = at - 1;
    while (idLeadWords.has(words[before] ?? "")) before -= 1;
    // "the numeric ID of a team": the thing follows.
    const after = words[at + 1] === "of" ? words.slice(at + 2).find((next) => !objectStartWords.has(next)) : undefined;
    // "Delete team 98765, I only know its ID": the thing named by its number.
    const itsThing =
      ["its", "their"].includes(words[at - 1] ?? "") && numberedAt > 0 ? words[numberedAt - 1] : undefined;
    const thing = after ?? itsThing ?? words[before];
    const numbered = isNumber(words[at + 1]) || (words[at + 1] === "is" && isNumber(words[at + 2]));
    // "I only have the team's ID", "the numeric team ID": the ID is what the person knows the thing by.
    const knownBy = words.slice(Math.max(0, before - 4), at).some((near) => near === "numeric" || near === "only");
    if ((numbered || knownBy) && thing !== undefined && !isStopWord(thing)) stems.push(stemOf(thing));
  });
  return stems;
}

/** Stems of the first thing named by a number ("review 8812 on pull request 42" → review): the noun and the word before it. */
function numberedItemStemsOf(words: string[]): string[] {
  const numberAt = words.findIndex((word, at) => isNumber(word) && at > 0 && !isStopWord(words[at - 1] as string));
  if (numberAt <= 0) return [];
  const named = words
    .slice(Math.max(0, numberAt - 2), numberAt)
    .filter(
      (word, at, all) => at === all.length - 1 || (!isStopWord(word) && queryWordOf(word)?.actions === undefined),
    );
  const stems = named.map(stemOf);
  if (named.length === 2) stems.push(stemOf(named.join("")));
  return stems;
}

/** Removing a thing the document undoes by a verb of its own ("remove my star": unstar, "drop the pin": unpin). */
function undoingVerbOf(word: string, actions: ReadonlySet<Action>, documentStems: ReadonlySet<string>): string[] {
  return actions.has("delete") && documentStems.has(stemOf(`un${word}`)) ? [`un${word}`] : [];
}

/** Actions that change a thing, not read it. */
const changingActions = new Set<Action>(["create", "update", "delete"]);

/**
 * "all" or "every" after a verb that changes a thing counts what the verb acts on ("turn off all branch protection",
 * "delete every label"): no listing is asked for, and the operation may act on all ("Remove all labels").
 */
function quantifiesAfterVerb(word: string, at: number, verbAt: number, actions: ReadonlySet<Action>): boolean {
  if (word !== "all" && word !== "every") return false;
  return (verbAt >= 0 && verbAt < at) || [...actions].some((action) => changingActions.has(action));
}

/** What the vocabulary reads a word of the query as, there (`verbAt`: where its verb is, or -1). */
function meaningOf(word: string, at: number, verbAt: number, actions: ReadonlySet<Action>): QueryWord | undefined {
  return quantifiesAfterVerb(word, at, verbAt, actions) ? { also: ["all"] } : queryWordOf(word);
}

/**
 * Reads a plain-language query (or an operationId: split as the index splits
 * them) into what the search needs. `documentStems` are the stems of the
 * document's operationIds, paths, headlines and tags: a word the document does
 * not use gives its added words nearly full weight. `documentLeadStems` are the
 * stems of the first words of the document's headlines: its verbs.
 */
export function analyzeQuery(
  text: string,
  documentStems: ReadonlySet<string> = new Set(),
  documentLeadStems: ReadonlySet<string> = new Set(),
): QueryAnalysis {
  let lower = queryWordsOf(text);
  const asksForState = stateQuestion.test(lower);
  for (const [phrase, word] of phrases) lower = lower.replace(phrase, word);
  const words = lower.split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  const repositoryNameWords = repositoryNameWordsOf(text);
  const analysis: QueryAnalysis = {
    terms: [],
    weights: [],
    added: [],
    groups: [],
    groupWeights: [],
    actions: new Set(),
    scopes: new Set(),
    firstPerson: false,
    leadStem: undefined,
    itemStems: new Set(),
    numberedItemStems: new Set(),
    everyStems: new Set(),
    idStems: new Set([...idStemsOf(words), ...(repositoryNameWords.size > 0 ? [repositoryByName] : [])]),
    readsByDefault: false,
    bulk: words.some((word) => bulkWords.has(word)),
    objectNumber: undefined,
    objectStems: new Set(),
  };
  const position = new Map<string, number>();
  const addTerm = (stem: string, weight: number): void => {
    const at = position.get(stem);
    if (at === undefined) {
      position.set(stem, analysis.terms.length);
      analysis.terms.push(stem);
      analysis.weights.push(weight);
      analysis.added.push(weight < 1);
    } else if (weight > (analysis.weights[at] ?? 0)) {
      analysis.weights[at] = weight;
      analysis.added[at] = weight < 1;
    }
  };
  const states = stateParticiplesOf(words, documentLeadStems);
  const undoing = words.some((word) => undoWords.has(word));
  const describedFrom = relativeClauseAt(words);
  const negated = negatedPositionsOf(words);
  const later: [string, number][] = [];
  let leadIsVerb = false;
  let leadAt = -1;
  let previous: string | undefined;
  for (const [at, word] of words.entries()) {
    if (firstPersonWords.has(word)) analysis.firstPerson = true;
    if (negated.has(at)) continue;
    const describes = at >= describedFrom;
    const known = meaningOf(word, at, leadIsVerb ? leadAt : -1, analysis.actions);
    if (!describes) for (const action of known?.actions ?? []) analysis.actions.add(action);
    if (isStopWord(word) && known === undefined) continue;
    const own = stemOf(word);
    // A verb of the person's own (schedule, merge, star), not one the vocabulary reads as a plain action (get, add).
    if (
      analysis.groups.length === 0 &&
      !isStopWord(word) &&
      known?.actions === undefined &&
      analysis.leadStem === undefined
    ) {
      analysis.leadStem = own;
      leadAt = at;
      // A word the vocabulary knows is a verb, but an aspect or a plural noun ("status of…", "people in…").
      leadIsVerb =
        (known !== undefined && !facetWords.has(word) && !isPlural(word)) || objectStartWords.has(words[at + 1] ?? "");
    }
    const group = isStopWord(word) ? [] : [own];
    // Two words the document writes as one ("user groups" → usergroups).
    const joined = previous === undefined ? undefined : stemOf(`${previous}${word}`);
    if (joined !== undefined && documentStems.has(joined)) group.push(joined);
    const filler = oneItemWords.has(word) || itemFacetWords.has(word) || states.has(at);
    // "reactivate the suspended installation": undo the state, as the document may name it ("Unsuspend").
    if (states.has(at) && undoing) later.push([stemOf(`un${word.slice(0, -2)}`), replacingWordWeight]);
    for (const stem of group) addTerm(stem, filler ? fillerWordWeight : 1);
    previous = isStopWord(word) ? undefined : word;
    const weight = documentStems.has(own) ? addedWordWeight : replacingWordWeight;
    const also = [...(known?.also ?? []), ...undoingVerbOf(word, analysis.actions, documentStems)];
    // An adverb the document writes as its adjective ("publicly visible": public).
    if (
      !documentStems.has(own) &&
      word.length > 5 &&
      word.endsWith("ly") &&
      documentStems.has(stemOf(word.slice(0, -2)))
    )
      also.push(word.slice(0, -2));
    // A role the document names the holding of ("a member of": membership, "owner": ownership).
    if (!word.endsWith("ship") && documentStems.has(stemOf(`${word}ship`))) also.push(`${word}ship`);
    // A verb undone ("unpin") that the document writes apart ("Un-pins"): the verb, and a removal. "stop sharing" comes
    // here as "unshar": its verb may have lost an e.
    // A verb the vocabulary knows that makes or changes a thing, undone ("unshare"), is a removal even where the
    // document does not use the verb ("unread" stays a state).
    const verbs = word.startsWith("un") ? [word.slice(2), `${word.slice(2)}e`] : [];
    // Undoing a removal ("undelete") is no removal: the vocabulary reads it (restore).
    const undone = verbs.some((verb) => queryWordOf(verb)?.actions?.includes("delete"))
      ? undefined
      : (verbs.find((verb) => documentStems.has(stemOf(verb))) ??
        verbs.find((verb) => queryWordOf(verb)?.actions?.some((action) => action === "create" || action === "update")));
    if (!documentStems.has(own) && undone !== undefined) {
      // "unwatch" undoes a watch, which the document may name a subscription.
      also.push(undone, ...(queryWordOf(undone)?.also ?? []), "remove", "delete");
      if (!describes) analysis.actions.add("delete");
    }
    for (const added of also) {
      const stem = stemOf(added);
      group.push(stem);
      later.push([stem, operationVerbs.has(stem) ? weight * actionAddedWordFactor : weight]);
    }
    // A repository's name ("acme/legacy") names no scope.
    const scope = repositoryNameWords.has(word) ? undefined : scopeWords.get(own);
    if (scope !== undefined) analysis.scopes.add(scope);
    if (group.length > 0) {
      analysis.groups.push(group);
      analysis.groupWeights.push(filler ? fillerWordWeight : known?.actions === undefined ? 1 : actionWordShare);
    }
  }
  for (const [stem, weight] of later) addTerm(stem, weight);
  for (const stem of itemStemsOf(words)) analysis.itemStems.add(stem);
  for (const stem of everyStemsOf(words)) analysis.everyStems.add(stem);
  for (const stem of numberedItemStemsOf(words)) analysis.numberedItemStems.add(stem);
  const object = objectOf(
    words,
    (word, at) =>
      !(leadIsVerb && at === leadAt) &&
      !isStopWord(word) &&
      !firstPersonWords.has(word) &&
      !oneItemWords.has(word) &&
      queryWordOf(word)?.actions === undefined,
  );
  analysis.objectNumber = analysis.itemStems.size > 0 ? "one" : object?.number;
  // The run's head noun ("fine tuning jobs" → job), and its last two words as the document may write them ("short
  // codes" → shortcod); not a participle ("settings configured"), nor what holds the thing ("who is in a project").
  const nouns = object?.contained === true ? [] : (object?.nouns ?? []).filter((noun) => !/(?:ed|ing)$/.test(noun));
  for (const stem of [nouns.at(-1), nouns.length > 1 ? nouns.slice(-2).join("") : undefined])
    if (stem !== undefined) analysis.objectStems.add(stemOf(stem));
  if (
    (/^(?:which|what)\b/.test(lower) && !/^(?:which|what)\s+(?:happens|would|will|if)\b/.test(lower)) ||
    /^(?:when|where|how\s+(?:long|often|old|big|large))\s+(?:was|were|is|are|did|does|do|has|have|had|can|could|should)\b/.test(
      lower,
    )
  ) {
    // "which caller IDs have I verified", "what alerts are set up", "when was the secret last updated?", "where can I
    // download the runner?": a read, whatever verbs the question holds.
    analysis.actions = new Set(["get", "list"]);
  }
  if (turnsOnAndOff(words)) {
    // "disable it for one pattern and enable it for another", "add web and take away legacy": one change of a setting.
    analysis.actions = new Set(["update"]);
    for (const word of ["update", "set"]) addTerm(stemOf(word), addedWordWeight * actionAddedWordFactor);
  }
  if (namesOrganizationIn(text, documentStems)) analysis.scopes.add("organization");
  if (asksForState) {
    // "did my upload finish?": a read of the thing's state, whatever verbs name the thing.
    analysis.actions = new Set(["get"]);
    analysis.readsByDefault = true;
    return analysis;
  }
  analysis.readsByDefault =
    analysis.actions.size === 0 &&
    analysis.leadStem !== undefined &&
    !leadIsVerb &&
    !documentLeadStems.has(analysis.leadStem) &&
    !analysis.leadStem.startsWith("un");
  return analysis;
}
