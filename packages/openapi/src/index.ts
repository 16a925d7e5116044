// The documented API (README.md).

// Loading a document and its cached index
export type { LoadedOpenApiDocument } from "./document/load-openapi-document";
export { loadOpenApiDocument } from "./document/load-openapi-document";
export type {
  IndexedOperation,
  IndexedParameter,
  OperationIndex,
  SecuritySchemeSummary,
} from "./index/operation-index";
export { OPERATION_INDEX_FORMAT } from "./index/operation-index";
export { buildOperationIndex } from "./index/build-operation-index";
export type { ReadOperationIndexOptions } from "./index/read-operation-index";
export { operationIndexFileOf, readOperationIndex } from "./index/read-operation-index";

// Search, one operation, checking calls
export type { OperationCatalog } from "./catalog/create-operation-catalog";
export { createOperationCatalog } from "./catalog/create-operation-catalog";
export type { OperationMatch, OperationSearchAnswer, OperationSearchQuery } from "./search/search-operations";
export { defaultSearchLimit, maxSearchAnswerBytes, maxSearchLimit } from "./search/search-operations";
export type { OperationDetail } from "./describe/describe-operation";
export { maxOperationAnswerBytes } from "./describe/describe-operation";
export type { SuggestedSelect } from "./describe/suggest-select";
export { CUT_MARKER } from "./describe/bound-schema";
export type { CallCheckContext, CallCheckResult, CallProblem, CallToCheck } from "./check/check-call";

// A source from a document
export type { SourceFieldsFromDocument } from "./source/source-fields-from-index";
export { sourceFieldsFromIndex } from "./source/source-fields-from-index";

// Errors
export type { DocumentProblem, OpenApiErrorCode } from "./errors/openapi-error";
export { OPENAPI_ERROR_CODES, OpenApiError } from "./errors/openapi-error";
