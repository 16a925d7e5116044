import type { ErrorKind } from "./error-kinds";

/** What every `SrcError` is built from. */
export interface SrcErrorOptions<Code extends string = string> {
  /** Machine-readable, `UPPER_SNAKE`, stable: callers branch on it. */
  code: Code;
  /** The kind of failure, which the apps map to an exit code or an HTTP status. */
  kind: ErrorKind;
  /** What was wrong, where, and what to do next. Never a secret. */
  message: string;
  /** The error that led to this one, if any. */
  cause?: unknown;
}

/** A `SrcError` class as `isInstance` sees it: something that builds errors and names its marker. */
export type SrcErrorClass<Instance extends SrcError = SrcError> = (abstract new (...args: never) => Instance) & {
  readonly marker: string;
};

/** True when `error` carries `Symbol.for(marker)` set to `true`, as an error of the class with that marker does. */
function hasMarker(error: unknown, marker: string): boolean {
  const markerSymbol = Symbol.for(marker);
  return (
    typeof error === "object" &&
    error !== null &&
    markerSymbol in error &&
    (error as Record<symbol, unknown>)[markerSymbol] === true
  );
}

/** A class as `markInstance` walks it: perhaps a marker and a name of its own. */
interface MarkedClass {
  readonly marker?: string;
  readonly errorName?: string;
}

/**
 * Sets `Symbol.for(marker)` on `error` for each class from `errorClass` up to
 * `SrcError` that declares its own marker, and returns the error's name: the
 * `errorName` of the nearest class with a marker, or the marker's last part
 * (`src.vault.error.VaultLockedError` gives `VaultLockedError`).
 */
function markInstance(error: SrcError, errorClass: object): string {
  let name: string | undefined;
  for (
    let current: object | null = errorClass;
    current !== null && current !== Function.prototype;
    current = Object.getPrototypeOf(current) as object | null
  ) {
    const { marker, errorName } = current as MarkedClass;
    if (!Object.hasOwn(current, "marker") || marker === undefined) continue;
    (error as unknown as Record<symbol, boolean>)[Symbol.for(marker)] = true;
    name ??=
      Object.hasOwn(current, "errorName") && errorName !== undefined
        ? errorName
        : marker.slice(marker.lastIndexOf(".") + 1);
  }
  return name ?? "SrcError";
}

/**
 * The base of every error the src packages throw. Each package has its own
 * base (`ConfigError`, `VaultError`...) extending it, and each class names a
 * `Symbol.for` marker, so `XError.isInstance(error)` works even when two copies
 * of a package are installed (where `instanceof` fails).
 *
 * A subclass declares its marker, nothing more; the constructor sets it (and
 * the error's `name`, the marker's last part) and the inherited `isInstance` checks it:
 *
 * ```ts
 * export class SourceLockedError extends ConfigError {
 *   static override readonly marker: string = "src.config.error.SourceLockedError";
 * }
 * SourceLockedError.isInstance(error); // error is SourceLockedError; error.name is "SourceLockedError"
 * ```
 *
 * A subclass without a marker of its own is told apart by its parent's.
 */
export class SrcError<Code extends string = string> extends Error {
  /** The `Symbol.for` key that marks errors of this class; stable across versions, so never renamed. */
  static readonly marker: string = "src.error";
  /** The `name` of errors of this class, when it is not the marker's last part (a package's base: `VaultError`). */
  static readonly errorName: string = "SrcError";
  readonly code: Code;
  readonly kind: ErrorKind;

  constructor({ code, kind, message, cause }: SrcErrorOptions<Code>) {
    super(message, { cause });
    this.name = markInstance(this, new.target);
    this.code = code;
    this.kind = kind;
  }

  /**
   * True when `error` is an error of this class (or a subclass) from any copy
   * of its package. Call it on the class (`ConfigError.isInstance(error)`):
   * passed on alone, as in `errors.filter(ConfigError.isInstance)`, it has no class to check against.
   */
  static isInstance<Class extends SrcErrorClass>(this: Class, error: unknown): error is InstanceType<Class> {
    return hasMarker(error, this.marker);
  }
}
