import { randomUUID } from "node:crypto";
import type { SourceFile, SourceRecord } from "../source-schema";

/** Where service fields come from; injectable for tests. */
export interface ServiceFieldSources {
  /** The clock. Default `() => new Date()`. */
  readonly now?: () => Date;
  /** New ids. Default `crypto.randomUUID`. */
  readonly createId?: () => string;
}

/** The default status block of a new or hand-written source. */
export const defaultSourceStatus = { connectionStatus: "untested", lastTestedAt: null, lastError: null } as const;

/**
 * Fills in the service fields a file lacks (spec rule 2.1.1): a new `id`,
 * `createdAt` and `updatedAt` set to now, and the default status. Fields
 * already present are kept. `filled` tells whether anything was added.
 */
export function fillServiceFields(
  file: SourceFile,
  { now = () => new Date(), createId = randomUUID }: ServiceFieldSources = {},
): { record: SourceRecord; filled: boolean } {
  const filled =
    file.id === undefined || file.createdAt === undefined || file.updatedAt === undefined || file.status === undefined;
  const timestamp = now().toISOString();
  const createdAt = file.createdAt ?? timestamp;
  const record: SourceRecord = {
    ...file,
    id: file.id ?? createId(),
    createdAt,
    updatedAt: file.updatedAt ?? createdAt,
    status: file.status ?? { ...defaultSourceStatus },
  };
  return { record, filled };
}
