export type { FileLockOptions, FileLockTarget, HeldFileLock } from "./with-file-lock";
export { withFileLock } from "./with-file-lock";
