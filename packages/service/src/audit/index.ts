// `@src/service/audit`: the audit log of agent calls, `<home>/logs/calls.jsonl`: writing it (rotation without a lock),
// reading and following it, and a service whose calls write it.

export {
  type CallAuditChannel,
  type CallAuditLine,
  type CallAuditOutcome,
  auditLineOfRefusal,
  auditLineOfResult,
  auditOutcomeOf,
  pathOfUrl,
} from "./call-audit-line";
export { CALL_AUDIT_FILE_NAME, callAuditFileOf, rotatedCallAuditFiles } from "./call-audit-files";
export {
  type CallAuditLog,
  type CallAuditLogOptions,
  createCallAuditLog,
  defaultCallAuditMaxBytes,
} from "./call-audit-log";
export {
  type FollowCallAuditOptions,
  type RecentCallAuditOptions,
  followCallAuditFile,
  isCallAuditLine,
  parseCallAuditLines,
  readCallAuditLines,
  readRecentCallAuditLines,
} from "./call-audit-reader";
export { withCallAudit } from "./with-call-audit";
