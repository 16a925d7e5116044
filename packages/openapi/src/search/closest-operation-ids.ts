import { distance } from "fastest-levenshtein";
import type { OperationIndex } from "../index/operation-index";

/**
 * The operationIds a few edits away from `operationId` (a typo: `repos/create-forkk`, `createThingg`), nearest first,
 * letter case ignored: at most 2 edits, or a fifth of the id's length for a long one. What "did you mean" names before
 * the search's matches, which find ids by their words rather than their spelling.
 */
export function closestOperationIds(index: OperationIndex, operationId: string, limit = 3): string[] {
  const wanted = operationId.toLowerCase();
  if (wanted === "" || wanted.length > 200) return [];
  const most = Math.max(2, Math.floor(wanted.length / 5));
  return index.operations
    .map((operation, order) => ({
      id: operation.operationId,
      order,
      edits:
        Math.abs(operation.operationId.length - wanted.length) > most
          ? most + 1
          : distance(operation.operationId.toLowerCase(), wanted),
    }))
    .filter((candidate) => candidate.edits <= most)
    .sort((left, right) => left.edits - right.edits || left.order - right.order)
    .slice(0, limit)
    .map((candidate) => candidate.id);
}
