/** Where a JSON text stops being valid JSON. */
export interface JsonErrorPosition {
  /** Offset in characters from the start of the text. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column within that line. */
  column: number;
}

const number = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const literal = /true|false|null/y;
const isSpace = (character: string | undefined): boolean =>
  character === " " || character === "\t" || character === "\n" || character === "\r";

/** The offset just past the string starting at `start` (a `"`), or the offset of its first invalid character. */
function scanString(text: string, start: number): { end: number; valid: boolean } {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return { end: index + 1, valid: true };
    if (code < 0x20) return { end: index, valid: false };
    if (code !== 0x5c) continue;
    const escape = text[index + 1];
    if (escape !== undefined && '"\\/bfnrt'.includes(escape)) index += 1;
    else if (escape === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) index += 5;
    else return { end: index, valid: false };
  }
  return { end: text.length, valid: false };
}

/**
 * The position of the first syntax error in `text`, or undefined when it is
 * valid JSON. Reports only where, never what the text says there, so that an
 * error note cannot quote a secret (V8's `JSON.parse` messages quote the input
 * around the error). Iterative: any nesting depth is fine.
 */
export function findJsonError(text: string): JsonErrorPosition | undefined {
  const containers: string[] = [];
  let index = 0;
  let expectValue = true;
  const skipSpace = (): void => {
    while (isSpace(text[index])) index += 1;
  };
  const at = (offset: number): JsonErrorPosition => {
    const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
    let line = 1;
    for (
      let newline = text.indexOf("\n");
      newline !== -1 && newline < offset;
      newline = text.indexOf("\n", newline + 1)
    )
      line += 1;
    return { offset, line, column: offset - lineStart + 1 };
  };
  /** Reads `"key" :` inside an object; false on a syntax error (index at it). */
  const readKey = (): boolean => {
    skipSpace();
    if (text[index] !== '"') return false;
    const key = scanString(text, index);
    index = key.end;
    if (!key.valid) return false;
    skipSpace();
    if (text[index] !== ":") return false;
    index += 1;
    return true;
  };

  for (;;) {
    skipSpace();
    if (expectValue) {
      const character = text[index];
      if (character === "{" || character === "[") {
        containers.push(character);
        index += 1;
        skipSpace();
        if (text[index] === (character === "{" ? "}" : "]")) {
          containers.pop();
          index += 1;
          expectValue = false;
        } else if (character === "{" && !readKey()) return at(index);
        continue;
      }
      if (character === '"') {
        const string = scanString(text, index);
        index = string.end;
        if (!string.valid) return at(index);
      } else {
        const pattern =
          character === "-" || (character !== undefined && character >= "0" && character <= "9") ? number : literal;
        pattern.lastIndex = index;
        if (!pattern.test(text)) return at(index);
        index = pattern.lastIndex;
      }
      expectValue = false;
      continue;
    }
    const container = containers.at(-1);
    if (container === undefined) return index === text.length ? undefined : at(index);
    const character = text[index];
    if (character === ",") {
      index += 1;
      expectValue = true;
      if (container === "{" && !readKey()) return at(index);
    } else if (character === (container === "{" ? "}" : "]")) {
      containers.pop();
      index += 1;
    } else {
      return at(index);
    }
  }
}
