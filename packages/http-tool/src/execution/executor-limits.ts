import type { SourceApi } from "@src/config";

/** Bounds of one call. A source may set each in its `api` block; a caller may override them per call. */
export interface ExecutorLimits {
  /** Time-out of one attempt (headers and body), in milliseconds; the whole call (redirect hops, retries, backoff waits) gets `timeoutMs × (retries + 1)`. Default 30000. */
  timeoutMs: number;
  /** Retries for idempotent methods (GET, HEAD, OPTIONS, PUT, DELETE). Default 2. */
  retries: number;
  /** Most bytes read from the wire for one response, counted after decompression. Default 10 MiB. */
  maxResponseBytes: number;
  /** Most characters of body handed to the agent. Default 32000. */
  maxResultChars: number;
}

/** The limits used when neither the source nor the caller sets one. */
export const defaultExecutorLimits: Readonly<ExecutorLimits> = Object.freeze({
  timeoutMs: 30_000,
  retries: 2,
  maxResponseBytes: 10 * 1024 * 1024,
  maxResultChars: 32_000,
});

type LimitFields = Partial<Record<keyof ExecutorLimits, number | undefined>>;

/**
 * Merges the limits a source's `api` block sets (and an optional per-call
 * override, which wins) over `defaultExecutorLimits`. Undefined fields keep the default.
 */
export function resolveExecutorLimits(
  api?: Pick<SourceApi, keyof ExecutorLimits> | LimitFields,
  override?: LimitFields,
): ExecutorLimits {
  // Spelled out field by field (no helper closure): this runs on every call.
  return {
    timeoutMs: override?.timeoutMs ?? api?.timeoutMs ?? defaultExecutorLimits.timeoutMs,
    retries: override?.retries ?? api?.retries ?? defaultExecutorLimits.retries,
    maxResponseBytes: override?.maxResponseBytes ?? api?.maxResponseBytes ?? defaultExecutorLimits.maxResponseBytes,
    maxResultChars: override?.maxResultChars ?? api?.maxResultChars ?? defaultExecutorLimits.maxResultChars,
  };
}
