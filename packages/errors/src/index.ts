export {
  type ErrorBase,
  type ErrorBaseOptions,
  type KindOfCode,
  type PackageErrorOptions,
  errorBase,
} from "./error-base";
export { type ErrorKind, ERROR_KINDS } from "./error-kinds";
export { type SrcErrorClass, type SrcErrorOptions, SrcError } from "./src-error";
export { type DeclaredErrorClass, type DeclaredErrorOptions, declareError } from "./declare-error";
