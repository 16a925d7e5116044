import { errorBase, type PackageErrorOptions } from "../src/error-base";
import { ERROR_KINDS } from "../src/error-kinds";

/** The tests' second package base: one code, and a field on every error, as `VaultError` has `file`. */
export class ZetaError extends errorBase({
  name: "ZetaError",
  marker: "src.test.zeta.error",
  kindOfCode: { ZETA_GONE: ERROR_KINDS.NOT_FOUND },
}) {
  readonly file: string | undefined;

  constructor({ file, ...options }: PackageErrorOptions<"ZETA_GONE"> & { file?: string }) {
    super(options);
    this.file = file;
  }
}
