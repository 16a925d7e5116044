export { errorBase } from "./error-base";
export type { ErrorBase, ErrorBaseOptions, KindOfCode, PackageErrorOptions } from "./error-base";
export { ERROR_KINDS } from "./error-kinds";
export type { ErrorKind } from "./error-kinds";
export { SrcError } from "./src-error";
export type { SrcErrorClass, SrcErrorOptions } from "./src-error";
export { declareError } from "./declare-error";
export type { DeclaredErrorClass, DeclaredErrorOptions } from "./declare-error";
