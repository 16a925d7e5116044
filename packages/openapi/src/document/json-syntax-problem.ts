import type { DocumentProblem } from "../errors/openapi-error";

/**
 * What is wrong with JSON text that `JSON.parse` refused: the parser's reason and,
 * as a YAML syntax error has, the line and column where it stopped.
 *
 * The position is read from the message where the engine gives one (Node 20: `...
 * in JSON at position 42`; Node 22 and later add `(line 2 column 23)`); for the
 * messages that give none (`Unexpected token 'x', "..." is not valid JSON`), the
 * text is scanned to the first character the JSON grammar does not allow there.
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

/** Thrown inside the scanner where the text stops being JSON. */
class NotJson extends Error {}

/**
 * The offset of the first character of `text` that cannot be where it is in JSON
 * (RFC 8259), `text.length` when the text ends too soon; `undefined` when the text
 * is JSON, or nests too deep to scan.
 */
export function firstSyntaxErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    throw new NotJson();
  };
  const space = (): void => {
    while (at < text.length && " \t\n\r".includes(text.charAt(at))) at++;
  };
  const isDigit = (): boolean => at < text.length && text.charAt(at) >= "0" && text.charAt(at) <= "9";
  const digits = (): void => {
    if (!isDigit()) fail();
    while (isDigit()) at++;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text.charAt(at) !== char) fail();
      at++;
    }
  };
  const string = (): void => {
    at++;
    for (;;) {
      if (at >= text.length) fail();
      const char = text.charCodeAt(at);
      if (char === 0x22) {
        at++;
        return;
      }
      if (char < 0x20) fail();
      if (char === 0x5c) {
        at++;
        const escape = text.charAt(at);
        if (escape === "u") {
          at++;
          for (let index = 0; index < 4; index++) {
            if (!/^[0-9a-fA-F]$/.test(text.charAt(at))) fail();
            at++;
          }
        } else if (escape !== "" && '"\\/bfnrt'.includes(escape)) at++;
        else fail();
      } else at++;
    }
  };
  const number = (): void => {
    if (text.charAt(at) === "-") at++;
    if (text.charAt(at) === "0") at++;
    else digits();
    if (text.charAt(at) === ".") {
      at++;
      digits();
    }
    if (text.charAt(at) === "e" || text.charAt(at) === "E") {
      at++;
      if (text.charAt(at) === "+" || text.charAt(at) === "-") at++;
      digits();
    }
  };
  const value = (): void => {
    space();
    const char = text.charAt(at);
    if (char === "{") {
      at++;
      space();
      if (text.charAt(at) === "}") {
        at++;
        return;
      }
      for (;;) {
        space();
        if (text.charAt(at) !== '"') fail();
        string();
        space();
        if (text.charAt(at) !== ":") fail();
        at++;
        value();
        space();
        const next = text.charAt(at);
        if (next !== "," && next !== "}") fail();
        at++;
        if (next === "}") return;
      }
    } else if (char === "[") {
      at++;
      space();
      if (text.charAt(at) === "]") {
        at++;
        return;
      }
      for (;;) {
        value();
        space();
        const next = text.charAt(at);
        if (next !== "," && next !== "]") fail();
        at++;
        if (next === "]") return;
      }
    } else if (char === '"') string();
    else if (char === "t") literal("true");
    else if (char === "f") literal("false");
    else if (char === "n") literal("null");
    else if (char === "-" || isDigit()) number();
    else fail();
  };
  try {
    value();
    space();
    return at < text.length ? at : undefined;
  } catch (caught) {
    if (caught instanceof NotJson) return Math.min(at, text.length);
    return undefined;
  }
}
