import type { QueryAnalysis } from "./analyze-query";
import type { OperationTraits } from "./operation-traits";
import type { Action } from "./query-vocabulary";

/** The HTTP methods each action is sent with. */
const methodsOf: Record<Action, string[]> = {
  create: ["POST", "PUT"],
  update: ["PATCH", "PUT", "POST"],
  delete: ["DELETE"],
  get: ["GET"],
  list: ["GET"],
  search: ["GET"],
};

/** Factors of the ranking, besides the text match (BM25). */
export const rankWeights = {
  /** The operation does what the query asks (its verb is in the query's actions). */
  sameAction: 1.6,
  /** The operation does something else the query did not ask for. */
  otherAction: 0.75,
  /** The operation's method is the one the query's action implies (list: GET on a collection). */
  impliedMethod: 1.15,
  /**
   * Each scope the operation has and the query does not name: an admin's, an
   * enterprise's or a legacy variant; an organization's less so, as many
   * resources live in one (a team, its members).
   */
  unaskedScope: { admin: 0.5, enterprise: 0.5, legacy: 0.5, organization: 0.7 } as Record<string, number>,
  /** The query speaks of the person ("my"), and the operation is the caller's own. */
  ownOperation: 1.6,
  deprecated: 0.7,
  /** The query starts with the verb the operation's headline starts with ("schedule a message": "Schedules a message"). */
  sameLeadVerb: 1.25,
  /** How much an operation loses when its headline has words the query does not ask for ("Delete a scheduled message" for "delete a message"). */
  unaskedHeadlineWords: 0.4,
  /** The query names a thing and no action (`readsByDefault`), and the operation reads (GET). */
  impliedRead: 1.15,
  /**
   * A read that may be of one item or of many ("show", "what", no verb): the
   * operation reads one item and the query asks about one, or a collection and
   * the query asks about many ("what containers do I have").
   */
  sameNumber: 1.2,
  /** The query names one item ("a specific terminal") and the path addresses one of that collection (`/terminals/{id}`). */
  namedItem: 1.3,
  /** The query names an item by its number ("review 8812") and the path addresses one item of that collection. */
  numberedItem: 1.3,
  /** The path's last collection is the thing the query names ("fine-tuning jobs": `/fine_tuning/jobs`, not `/fine_tuning/jobs/{id}/events`). */
  sameResource: 1.2,
  /** The query names a thing by its ID ("team with ID 1185") and the path takes that ID (`{team_id}`), whatever its scope. */
  byId: 1.3,
  /** The query asks for many at once ("bulk delete", "several") and the operation acts on many at once. */
  sameBulk: 1.25,
  /** The query speaks of all of a thing ("every comment on any issue") and the path addresses one of them. */
  oneOfEvery: 0.7,
};

/**
 * How much the ranking raises or lowers an operation's text score for a query:
 * the action the query asks for (and the method it implies), the admin,
 * enterprise, organization and legacy variants the query does not ask for, the
 * caller's own operations when the person says "my", how many of the query's
 * words the operation matches (`matched`: the query terms it matched), and how
 * much of its headline the query asks for (`matchedInDocument`: its words that matched).
 */
export function rankFactor(
  query: QueryAnalysis,
  traits: OperationTraits,
  matched: Set<string>,
  matchedInDocument: Set<string>,
): number {
  let factor = 1;
  if (query.actions.size > 0) {
    // A GET of a collection lists, whatever its summary's verb ("Get Apple Pay domains").
    const action =
      traits.action === "get" && traits.method === "GET" && traits.collection && query.actions.has("list")
        ? "list"
        : traits.action;
    if (action !== undefined) factor *= query.actions.has(action) ? rankWeights.sameAction : rankWeights.otherAction;
    const implied = [...query.actions].some(
      (action) => methodsOf[action].includes(traits.method) && (action !== "list" || traits.collection),
    );
    if (implied) factor *= rankWeights.impliedMethod;
  } else if (query.readsByDefault && traits.method === "GET") factor *= rankWeights.impliedRead;
  const readsOneOrMany = query.readsByDefault || (query.actions.has("get") && query.actions.has("list"));
  if (readsOneOrMany && query.objectNumber !== undefined && traits.method === "GET")
    if (traits.collection === (query.objectNumber === "many")) factor *= rankWeights.sameNumber;
  // The person gives the ID the operation takes ("the team with ID 1185": `/teams/{team_id}`): its variant is the one meant.
  const byId = query.idStems.size > 0 && [...query.idStems].some((stem) => traits.idStems.has(stem));
  if (byId) factor *= rankWeights.byId;
  else for (const scope of traits.scopes) if (!query.scopes.has(scope)) factor *= rankWeights.unaskedScope[scope] ?? 1;
  if (query.firstPerson && traits.self) factor *= rankWeights.ownOperation;
  if (traits.deprecated) factor *= rankWeights.deprecated;
  if (query.bulk && traits.bulk) factor *= rankWeights.sameBulk;
  if (query.leadStem !== undefined && query.leadStem === traits.leadStem) factor *= rankWeights.sameLeadVerb;
  if ([...query.itemStems].some((stem) => traits.itemStems.has(stem))) factor *= rankWeights.namedItem;
  if (traits.addressedItemStem !== undefined && query.numberedItemStems.has(traits.addressedItemStem))
    factor *= rankWeights.numberedItem;
  if ([...traits.itemStems].some((stem) => query.everyStems.has(stem))) factor *= rankWeights.oneOfEvery;
  if (traits.resourceStem !== undefined && query.objectStems.has(traits.resourceStem))
    factor *= rankWeights.sameResource;
  let whole = 0;
  let covered = 0;
  query.groups.forEach((group, at) => {
    const weight = query.groupWeights[at] ?? 1;
    whole += weight;
    if (group.some((stem) => matched.has(stem))) covered += weight;
  });
  if (whole > 0) factor *= 0.3 + (0.7 * covered) / whole;
  if (traits.headlineStems.length > 0) {
    const named = traits.headlineStems.filter((stem) => matchedInDocument.has(stem)).length;
    factor *=
      1 - rankWeights.unaskedHeadlineWords + (rankWeights.unaskedHeadlineWords * named) / traits.headlineStems.length;
  }
  return factor;
}
