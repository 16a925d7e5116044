/** Replaces secrets by `[REDACTED]`; see `createRedactor`. */
export interface Redactor {
  /** `value` with every form of every secret replaced by `[REDACTED]`. */
  redactText(value: string): string;
  /** A copy of `value` with every string (keys too) redacted; arrays and plain objects are walked. */
  redactDeep<T>(value: T): T;
  /** How many distinct non-empty secrets this redactor knows. */
  readonly size: number;
}

/** The marker that replaces a secret. */
export const REDACTED = "[REDACTED]";

/** Creates a redactor for `secrets`. Empty strings are skipped. */
export function createRedactor(secrets: readonly string[]): Redactor {
  void secrets;
  throw new Error("createRedactor: not implemented yet");
}
