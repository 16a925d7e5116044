export { ERROR_KINDS } from "./error-kinds";
export type { ErrorKind } from "./error-kinds";
export { SrcError } from "./src-error";
export type { SrcErrorOptions } from "./src-error";
