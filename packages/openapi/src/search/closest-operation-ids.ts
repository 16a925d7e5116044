import { distance } from "fastest-levenshtein";
import type { OperationIndex } from "../index/operation-index";

/** The `names` a few edits away from `wanted`, nearest first (then in their order), letter case ignored. */
function closestNames(names: readonly string[], wanted: string, limit: number): string[] {
  const lower = wanted.toLowerCase();
  if (lower === "" || lower.length > 200) return [];
  const most = Math.max(2, Math.floor(lower.length / 5));
  return names
    .map((name, order) => ({
      name,
      order,
      edits: Math.abs(name.length - lower.length) > most ? most + 1 : distance(name.toLowerCase(), lower),
    }))
    .filter((candidate) => candidate.edits <= most)
    .sort((left, right) => left.edits - right.edits || left.order - right.order)
    .slice(0, limit)
    .map((candidate) => candidate.name);
}

/**
 * The operationIds a few edits away from `operationId` (a typo: `repos/create-forkk`, `createThingg`), nearest first,
 * letter case ignored: at most 2 edits, or a fifth of the id's length for a long one. What "did you mean" names before
 * the search's matches, which find ids by their words rather than their spelling.
 */
export function closestOperationIds(index: OperationIndex, operationId: string, limit = 3): string[] {
  return closestNames(
    index.operations.map((operation) => operation.operationId),
    operationId,
    limit,
  );
}

/** The tags of the document's operations a few edits away from `tag`, as `closestOperationIds` finds ids. */
export function closestTags(index: OperationIndex, tag: string, limit = 3): string[] {
  return closestNames([...new Set(index.operations.flatMap((operation) => operation.tags))], tag, limit);
}
