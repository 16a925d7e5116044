export type { FileLockOptions, FileLockTarget, HeldFileLock } from "./with-file-lock";
export { withFileLock } from "./with-file-lock";
export type { WriteFileAtomicOptions } from "./write-file-atomic";
export { removeStrayTemporaryFiles, syncDirectory, writeFileAtomic } from "./write-file-atomic";
