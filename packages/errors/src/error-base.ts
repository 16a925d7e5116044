import type { ErrorKind } from "./error-kinds";
import { SrcError, type SrcErrorClass } from "./src-error";

/** Each code of a package with its kind: the one table a package's base error is built from. */
export type KindOfCode = Readonly<Record<string, ErrorKind>>;

/** What an error of a package is built from: one of the package's codes, the message and the cause. Its kind comes from the code. */
export interface PackageErrorOptions<Code extends string = string> {
  /** One of the package's codes. */
  code: Code;
  /** What was wrong, where, and what to do next. Never a secret. */
  message: string;
  /** The error that led to this one, if any. */
  cause?: unknown;
}

/** What `errorBase` is given. */
export interface ErrorBaseOptions<Kinds extends KindOfCode> {
  /** The class's `name`, e.g. `ConfigError`. */
  name: string;
  /** The `Symbol.for` key that marks the package's errors, e.g. `src.config.error`; stable across versions. */
  marker: string;
  /** Each code of the package with its kind, which the apps map once to an exit code and an HTTP status. */
  kindOfCode: Kinds;
}

/** The class `errorBase` makes, for a package's base error to extend. */
export interface ErrorBase<Kinds extends KindOfCode> {
  new (options: PackageErrorOptions<keyof Kinds & string>): SrcError<keyof Kinds & string>;
  readonly prototype: SrcError<keyof Kinds & string>;
  readonly marker: string;
  /** `{ CODE: "CODE" }` for each code, for callers that branch on them. */
  readonly codes: { readonly [Code in keyof Kinds]: Code };
  /** The kind of each code. */
  readonly kindOfCode: Kinds;
  isInstance<Class extends SrcErrorClass>(this: Class, error: unknown): error is InstanceType<Class>;
}

/**
 * The base class of a package's errors, made from the package's codes and
 * their kinds: its errors take a code and get the code's kind, carry the
 * package's marker, and `isInstance` tells them apart across duplicate installs.
 *
 * ```ts
 * export class AcmeError extends errorBase({ name: "AcmeError", marker: "src.acme.error", kindOfCode: {
 *   ACME_DOWN: ERROR_KINDS.UNAVAILABLE,
 * } }) {}
 * export const ACME_ERROR_CODES = AcmeError.codes; // { ACME_DOWN: "ACME_DOWN" }
 * ```
 */
export function errorBase<const Kinds extends KindOfCode>({
  name,
  marker,
  kindOfCode,
}: ErrorBaseOptions<Kinds>): ErrorBase<Kinds> {
  type Code = keyof Kinds & string;
  const codes = Object.fromEntries(Object.keys(kindOfCode).map((code) => [code, code])) as {
    readonly [Key in keyof Kinds]: Key;
  };

  class PackageError extends SrcError<Code> {
    static override readonly marker: string = marker;
    static override readonly errorName: string = name;
    static readonly codes = codes;
    static readonly kindOfCode = kindOfCode;

    constructor({ code, message, cause }: PackageErrorOptions<Code>) {
      super({ code, kind: kindOfCode[code] as ErrorKind, message, cause });
    }
  }
  return PackageError;
}
