import { pino, type DestinationStream, type Logger } from "pino";
import { addScalarLineLogger } from "./scalar-line-logger";
import { burstDestination } from "./burst-destination";

/** Options of `createServerLogger`. */
export interface ServerLoggerOptions {
  /** Where the JSON lines go. Default: standard output. */
  destination?: DestinationStream;
  /** The lowest level written. Default `"info"`. */
  level?: string;
}

/**
 * Paths pino censors in every line, as defence in depth: the server never logs
 * request bodies or headers on purpose, but a stray object must not leak one.
 */
export const redactedLogPaths = [
  "authorization",
  "headers.authorization",
  "*.headers.authorization",
  "request.headers.authorization",
  "credential",
  "*.credential",
  "token",
  "*.token",
  "password",
  "*.password",
  "key",
  "*.key",
  "body",
  "*.body",
];

/** A pino JSON logger with the server's redaction rules (the per-request lines of scalar fields skip the redaction pass: see `addScalarLineLogger`). */
export function createServerLogger({ destination, level = "info" }: ServerLoggerOptions = {}): Logger {
  const options = { level, base: { service: "src-server" }, redact: { paths: redactedLogPaths, censor: "[REDACTED]" } };
  // Lines are handed over once per turn of the event loop (see burstDestination): one write(2) per burst of calls.
  return addScalarLineLogger(pino(options, burstDestination(destination ?? pino.destination({ dest: 1, sync: true }))));
}
