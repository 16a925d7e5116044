export { type FileLockOptions, type FileLockTarget, type HeldFileLock, withFileLock } from "./with-file-lock";
export {
  type WriteFileAtomicOptions,
  removeStrayTemporaryFiles,
  syncDirectory,
  writeFileAtomic,
} from "./write-file-atomic";
