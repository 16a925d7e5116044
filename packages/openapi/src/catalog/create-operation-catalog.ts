import { createOperationMatcher } from "../check/match-operation";
import { createCallChecker, type CallCheckContext, type CallCheckResult, type CallToCheck } from "../check/check-call";
import { describeOperation, type OperationDetail } from "../describe/describe-operation";
import { closestOperationIds, closestTags } from "../search/closest-operation-ids";
import type { IndexedOperation, OperationIndex } from "../index/operation-index";
import {
  createOperationSearch,
  type OperationSearchAnswer,
  type OperationSearchQuery,
} from "../search/search-operations";

/** Everything an agent's tools do with one document: search, describe, check. Parts are built on first use. */
export interface OperationCatalog {
  readonly index: OperationIndex;
  /** The best matches for words and/or a tag, under 4 KB. */
  search(query: OperationSearchQuery): OperationSearchAnswer;
  /** The operation with this operationId in full, under 16 KB; `undefined` when there is none. */
  describe(operationId: string): OperationDetail | undefined;
  /** The operation with this operationId. */
  find(operationId: string): IndexedOperation | undefined;
  /** The operationIds a typo away from `operationId` (at most 2 edits, letter case ignored), nearest first: what "did you mean" names. */
  closestIds(operationId: string, limit?: number): string[];
  /** The tags of the document's operations a typo away from `tag` (as `closestIds`), nearest first. */
  closestTags(tag: string, limit?: number): string[];
  /**
   * The operation a method and path (relative to `baseUrl`, query ignored) call, or `undefined`: HEAD matches a
   * GET operation, a trailing slash is tolerated, `ignoreCase` matches literal segments in any letter case.
   */
  match(
    method: string,
    path: string,
    baseUrl: string,
    options?: { ignoreCase?: boolean },
  ): IndexedOperation | undefined;
  /**
   * Whether `match` with `ignoreCase` could find another operation for `path` than without it: false when neither the
   * path nor the document's literal segments have an upper-case letter (callers then match once).
   */
  caseCanMatter(path: string): boolean;
  /** Matches a call to an operation and checks it; no problems: the call fits the document. */
  check(call: CallToCheck, context: CallCheckContext): CallCheckResult;
}

/** The catalog of an index (`readOperationIndex`). Cheap to create: the search index and validators are built when first needed. */
export function createOperationCatalog(index: OperationIndex): OperationCatalog {
  let search: ReturnType<typeof createOperationSearch> | undefined;
  let check: ReturnType<typeof createCallChecker> | undefined;
  let byId: Map<string, IndexedOperation> | undefined;
  let matcher: ReturnType<typeof createOperationMatcher> | undefined;
  const find = (operationId: string): IndexedOperation | undefined => {
    byId ??= new Map(index.operations.map((operation) => [operation.operationId, operation]));
    return byId.get(operationId);
  };
  return {
    index,
    search: (query) => (search ??= createOperationSearch(index))(query),
    describe: (operationId) => {
      const operation = find(operationId);
      return operation === undefined ? undefined : describeOperation(index, operation);
    },
    find,
    closestIds: (operationId, limit) => closestOperationIds(index, operationId, limit),
    closestTags: (tag, limit) => closestTags(index, tag, limit),
    match: (method, path, baseUrl, options) =>
      (matcher ??= createOperationMatcher(index)).match(method.toUpperCase(), path, baseUrl, {
        ignoreCase: options?.ignoreCase ?? false,
        withParameters: false,
      })?.operation,
    caseCanMatter: (path) => (matcher ??= createOperationMatcher(index)).caseCanMatter(path),
    check: (call, context) => (check ??= createCallChecker(index))(call, context),
  };
}
