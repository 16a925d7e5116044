/** Writes one JSON document (indented) and a newline on stdout. */
export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Writes text and a newline on stdout. */
export function writeLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** Writes text and a newline on stderr (progress, hints, failures). */
export function writeError(text: string): void {
  process.stderr.write(`${text}\n`);
}
