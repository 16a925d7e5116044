import type { Logger } from "pino";

const scalarLineLoggers = new WeakMap<Logger, Logger>();

/**
 * Gives a server logger a twin for the per-request lines (`http_request`,
 * `tool_call`): the same destination, level and bindings, without pino's
 * redaction pass. Those lines are built by the server from scalar fields it
 * chooses (names, numbers, a URL path the executor already redacted), never a
 * header, body or credential, so no redaction path can match them; yet pino
 * runs its wildcard redactor on every field of every line, about a tenth of an
 * agent call's CPU time. Every other line keeps the full redaction.
 */
export function addScalarLineLogger(logger: Logger): Logger {
  scalarLineLoggers.set(logger, logger.child({}, { redact: [] }));
  return logger;
}

/**
 * The twin made by `addScalarLineLogger` (its level kept in step with the
 * logger's), or the logger itself when it has none: a logger passed in by the
 * host keeps its own redaction rules for every line.
 */
export function scalarLineLoggerOf(logger: Logger): Logger {
  const twin = scalarLineLoggers.get(logger);
  if (twin === undefined) return logger;
  if (twin.level !== logger.level) twin.level = logger.level;
  return twin;
}
