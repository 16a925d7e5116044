import { parse, type ParseError } from "jsonc-parser";
import type { DocumentProblem } from "../errors/openapi-error";

/**
 * What is wrong with JSON text that `JSON.parse` refused: the parser's reason and,
 * as a YAML syntax error has, the line and column where it stopped.
 *
 * The position is read from the message where the engine gives one (Node 20: `...
 * in JSON at position 42`; Node 22 and later add `(line 2 column 23)`); for the
 * messages that give none (`Unexpected token 'x', "..." is not valid JSON`), it is
 * where `jsonc-parser`, run strict, finds the first token JSON does not allow there.
 */
export function jsonSyntaxProblem(text: string, error: unknown): DocumentProblem {
  const raw = error instanceof Error ? error.message : String(error);
  const at = /(?: in JSON)? at position (\d+)(?: \(line \d+ column \d+\))?$/.exec(raw);
  const token = /^(Unexpected token '[\s\S]')/.exec(raw);
  const message = at !== null ? raw.slice(0, at.index) : token !== null ? (token[1] ?? raw) : raw;
  const position =
    at !== null
      ? Number(at[1])
      : /^Unexpected end of JSON input/.test(raw)
        ? text.length
        : firstSyntaxErrorOffset(text);
  return { location: position === undefined ? "" : lineAndColumn(text, position), message: firstLine(message) };
}

/** The offset of the first token of `text` that JSON (RFC 8259) does not allow where it is; `undefined` for JSON. */
export function firstSyntaxErrorOffset(text: string): number | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  return errors[0]?.offset;
}

/** `line L, column C` (both from 1) of an offset; `\n`, `\r` and `\r\n` each end a line, as JSON reads them. */
function lineAndColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index++) {
    const char = text.charCodeAt(index);
    if (char === 0x0d && text.charCodeAt(index + 1) === 0x0a && index + 1 < end) index++;
    if (char === 0x0d || char === 0x0a) {
      line++;
      lineStart = index + 1;
    }
  }
  return `line ${line}, column ${end - lineStart + 1}`;
}

function firstLine(message: string): string {
  return message.split(/\r?\n/)[0] ?? "";
}
