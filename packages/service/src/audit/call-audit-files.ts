import path from "node:path";
import { rotatedCallAuditFilesBeside } from "./call-audit-reader";

/** The file name of the current audit log inside `<home>/logs`. */
export const CALL_AUDIT_FILE_NAME = "calls.jsonl";

/** `<home>/logs/calls.jsonl` */
export function callAuditFileOf(home: string): string {
  return path.join(home, "logs", CALL_AUDIT_FILE_NAME);
}

/** Rotated audit files, oldest first (their names sort by time). */
export function rotatedCallAuditFiles(home: string): Promise<string[]> {
  return rotatedCallAuditFilesBeside(callAuditFileOf(home));
}
