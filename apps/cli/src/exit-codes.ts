/** Exit codes of the `src` CLI. */
export const EXIT_CODES = {
  /** The command did what was asked. */
  SUCCESS: 0,
  /** The operation ran but failed: validation not connected, upstream call not ok, error result, vault unreadable. */
  FAILURE: 1,
  /** Bad usage or bad input: unknown flag, missing field, invalid config, unknown slug, invalid credential. */
  USAGE: 2,
  /** An interactive prompt was cancelled (Ctrl-C, Escape). */
  CANCELLED: 130,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];
