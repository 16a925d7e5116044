export type { ConnectionStatus, SourceApi, SourceFile, SourceInput, SourceRecord, SourceStatus } from "./source-schema";
export {
  CONNECTION_STATUSES,
  apiLimitsShape,
  baseUrlSchema,
  slugSchema,
  sourceApiSchema,
  sourceFileSchema,
  sourceInputSchema,
  sourceInputShape,
  sourceRecordSchema,
  sourceServiceShape,
  sourceStatusSchema,
  testEndpointSchema,
} from "./source-schema";
export type { SourceCheckResult } from "./check-source";
export { checkSource } from "./check-source";
export type { ParsedSourceInput, ParseSourceOptions } from "./parse-source";
export { parseSourceFile, parseSourceInput, parseSourceRecord } from "./parse-source";
export { fallbackSlug, maxSlugLength, slugify } from "./slugify";
export { buildSourceJsonSchema, renderSourceJsonSchema } from "./source-json-schema";
export type { ResolveSrcHomeOptions } from "./resolve-src-home";
export { resolveSrcHome } from "./resolve-src-home";
export type { ConfigErrorCode } from "./errors/config-error";
export { CONFIG_ERROR_CODES, ConfigError } from "./errors/config-error";
export type { SourceIssue } from "./errors/source-validation-error";
export { SourceValidationError } from "./errors/source-validation-error";
export { SourceNotFoundError } from "./errors/source-not-found-error";
export { DuplicateSlugError } from "./errors/duplicate-slug-error";
export type { SourceLockFailure } from "./errors/source-locked-error";
export { SourceLockedError } from "./errors/source-locked-error";
export type { ServiceFieldSources } from "./store/fill-service-fields";
export { defaultSourceStatus, fillServiceFields } from "./store/fill-service-fields";
export type { ReadSourceFileOptions } from "./store/read-source-file";
export { readSourceFile } from "./store/read-source-file";
export type { SourceChanges } from "./store/source-changes";
export type { SourceListEntry, SourceStore, SourceStoreOptions } from "./store/source-store";
export { createSourceStore } from "./store/source-store";
export type { SourceLockOptions } from "./store/source-lock";
export { defaultSourceLockOptions } from "./store/source-lock";
