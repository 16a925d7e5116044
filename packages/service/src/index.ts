export type { CallToolOptions, ListToolsOptions, SourceChangeKind, SourceOperationResult, SourceDiscovery, OpenApiDocumentUpload, SourceService, SourceSummary, StoredResultRead, ToolSummary } from "./source-service";
export type { ServiceObserver, SourceServiceOptions } from "./create-source-service";
export { createSourceService } from "./create-source-service";
export type { OperatorCommandResult } from "./run-operator-command";
export { OPERATOR_COMMANDS, runOperatorCommand } from "./run-operator-command";
export { formatValidationOutcome } from "./format-validation-outcome";
export type { WatchSourcesOptions } from "./watch-sources";
export { watchSources } from "./watch-sources";
export { slugOfToolName, toolNameOf } from "./tool-name";
export { slugOfOperationsTool } from "./openapi/operations-tool-slug";
export { slugOfWriteTool, sourceOfToolName } from "./write-tool-slug";
export type { ServiceErrorCode } from "./errors/service-error";
export { SERVICE_ERROR_CODES, ServiceError } from "./errors/service-error";
export type { LoadAuthPluginsOptions } from "./load-auth-plugins";
export { loadAuthPlugins } from "./load-auth-plugins";
export type { AuthRegistryFromEnvironmentOptions } from "./load-auth-plugins-from-environment";
export { AUTH_PLUGINS_VARIABLE, authPluginSpecifiersOf, createAuthRegistryFromEnvironment } from "./load-auth-plugins-from-environment";
export type { AuthPluginLoadErrorCode } from "./load-auth-plugins-error";
export { AuthPluginLoadError } from "./load-auth-plugins-error";
export type { CallAuditChannel, CallAuditLine, CallAuditLog, CallAuditLogOptions, CallAuditOutcome } from "./call-audit-log";
export type { FollowCallAuditOptions, RecentCallAuditOptions } from "./call-audit-reader";
export { localPrincipal } from "./principal";
export { followCallAuditFile, isCallAuditLine, parseCallAuditLines, readCallAuditLines, readRecentCallAuditLines } from "./call-audit-reader";
export {
  auditOutcomeOf,
  CALL_AUDIT_FILE_NAME,
  auditLineOfRefusal,
  auditLineOfResult,
  callAuditFileOf,
  createCallAuditLog,
  defaultCallAuditMaxBytes,
  rotatedCallAuditFiles,
  withCallAudit,
} from "./call-audit-log";
export type { ExportedSource, SourceExportDocument, SourceExportResult } from "./source-transfer";
export { SOURCE_EXPORT_FORMAT, SOURCE_EXPORT_VERSION, exportSources, importSources } from "./source-transfer";
export type { SourceImportProblem } from "./errors/source-import-error";
export { SourceImportError } from "./errors/source-import-error";
