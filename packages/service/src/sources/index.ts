// `@src/service/sources`: sources and calls: the source service (connect, reload, list, call), tool names, the
// store's watcher, and the export and import of sources.

export type {
  CallToolOptions,
  ListToolsOptions,
  OpenApiDocumentUpload,
  SourceChangeKind,
  SourceDiscovery,
  SourceOperationResult,
  SourceService,
  SourceSummary,
  StoredResultRead,
  ReadStoredResultOptions,
  ToolSummary,
} from "./source-service";
export type { ServiceObserver, SourceServiceOptions } from "./source-service-options";
export type { KeepListingOptions } from "./source-listing";
export { createSourceService } from "./create-source-service";
export { type WatchSourcesOptions, watchSources } from "./watch-sources";
export { slugOfToolName, toolNameOf } from "./tool-name";
export { slugOfOperationsTool } from "./openapi/operations-tool-slug";
export { slugOfWriteTool, sourceOfToolName } from "./write-tool-slug";
export {
  type ExportedSource,
  type SourceExportDocument,
  type SourceExportResult,
  SOURCE_EXPORT_FORMAT,
  SOURCE_EXPORT_VERSION,
  exportSources,
  importSources,
} from "./source-transfer";
export { type SourceImportProblem, SourceImportError } from "../errors/source-import-error";
export { type ServiceErrorCode, SERVICE_ERROR_CODES, ServiceError } from "../errors/service-error";
