import type { ErrorKind } from "./error-kinds";

const marker = "src.error";
const symbol = Symbol.for(marker);

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

/**
 * The base of every error the src packages throw. Each package has its own
 * base (`ConfigError`, `VaultError`...) extending it, and each class carries a
 * `Symbol.for` marker, so `XError.isInstance(error)` works even when two copies
 * of a package are installed (where `instanceof` fails).
 *
 * A subclass declares its own marker and `isInstance`:
 *
 * ```ts
 * const marker = "src.config.error";
 * const symbol = Symbol.for(marker);
 * export class ConfigError extends SrcError<ConfigErrorCode> {
 *   private readonly [symbol] = true;
 *   static override isInstance(error: unknown): error is ConfigError {
 *     return SrcError.hasMarker(error, marker);
 *   }
 * }
 * ```
 */
export class SrcError<Code extends string = string> extends Error {
  private readonly [symbol] = true;
  readonly code: Code;
  readonly kind: ErrorKind;

  constructor({ code, kind, message, cause }: SrcErrorOptions<Code>) {
    super(message, { cause });
    this.name = "SrcError";
    this.code = code;
    this.kind = kind;
  }

  /** True when `error` is a `SrcError` from any copy of this package. */
  static isInstance(error: unknown): error is SrcError {
    return SrcError.hasMarker(error, marker);
  }

  /** True when `error` carries the marker `Symbol.for(marker)` set by a class's field. */
  protected static hasMarker(error: unknown, marker: string): boolean {
    const markerSymbol = Symbol.for(marker);
    return typeof error === "object" && error !== null && markerSymbol in error && (error as Record<symbol, unknown>)[markerSymbol] === true;
  }
}
