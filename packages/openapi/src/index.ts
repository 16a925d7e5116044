// The documented API (README.md).

// Loading a document and its cached index
export { type LoadedOpenApiDocument, loadOpenApiDocument } from "./document/load-openapi-document";
export {
  type IndexedOperation,
  type IndexedParameter,
  type OperationIndex,
  type SecuritySchemeSummary,
  OPERATION_INDEX_FORMAT,
} from "./index/operation-index";
export { buildOperationIndex } from "./index/build-operation-index";
export { type ReadOperationIndexOptions, operationIndexFileOf, readOperationIndex } from "./index/read-operation-index";

// Search, one operation, checking calls
export { type OperationCatalog, createOperationCatalog } from "./catalog/create-operation-catalog";
export {
  type OperationMatch,
  type OperationSearchAnswer,
  type OperationSearchQuery,
  defaultSearchLimit,
  maxSearchAnswerBytes,
  maxSearchLimit,
} from "./search/search-operations";
export { type OperationDetail, maxOperationAnswerBytes } from "./describe/describe-operation";
export type { SuggestedSelect } from "./describe/suggest-select";
export { CUT_MARKER } from "./describe/bound-schema";
export type { CallCheckContext, CallCheckResult, CallProblem, CallToCheck } from "./check/check-call";

// A source from a document
export { type SourceFieldsFromDocument, sourceFieldsFromIndex } from "./source/source-fields-from-index";

// Errors
export { type DocumentProblem, type OpenApiErrorCode, OPENAPI_ERROR_CODES, OpenApiError } from "./errors/openapi-error";
