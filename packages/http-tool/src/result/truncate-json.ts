/** How much of a JSON value one shrinking pass keeps. */
interface ShrinkLevel {
  /** Longest string kept, in characters. */
  strings: number;
  /** Array items kept. */
  items: number;
  /** Object keys kept. */
  keys: number;
  /** Nesting depth kept. */
  depth: number;
}

/** Ever tighter passes; the first whose output fits the budget wins. */
const shrinkLevels: readonly ShrinkLevel[] = [
  { strings: 4000, items: 200, keys: 400, depth: 16 },
  { strings: 1000, items: 50, keys: 100, depth: 12 },
  { strings: 400, items: 20, keys: 50, depth: 8 },
  { strings: 160, items: 10, keys: 25, depth: 6 },
  { strings: 80, items: 5, keys: 12, depth: 5 },
  { strings: 40, items: 3, keys: 6, depth: 4 },
  { strings: 20, items: 1, keys: 3, depth: 3 },
  { strings: 10, items: 1, keys: 1, depth: 2 },
];

/** The outcome of `truncateJson`. */
export interface TruncatedJson {
  value: unknown;
  /** True when anything was left out. */
  truncated: boolean;
  /** Length of the value serialized in full. */
  originalChars: number;
}

/** Cuts a string to `limit` characters without splitting a surrogate pair. */
export function cutText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const code = text.charCodeAt(limit - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
  return text.slice(0, end);
}

function shrink(value: unknown, level: ShrinkLevel, depth: number): unknown {
  if (typeof value === "string") {
    if (value.length <= level.strings) return value;
    return `${cutText(value, level.strings)}…[truncated ${value.length - level.strings} chars]`;
  }
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    if (depth >= level.depth) return `[array of ${value.length} items left out: too deep]`;
    const kept = value.slice(0, level.items).map((item) => shrink(item, level, depth + 1));
    if (value.length > level.items) kept.push(`…[${value.length - level.items} more items left out]`);
    return kept;
  }
  const entries = Object.entries(value);
  if (depth >= level.depth) return `[object with ${entries.length} keys left out: too deep]`;
  const result: Record<string, unknown> = {};
  for (const [key, item] of entries.slice(0, level.keys)) {
    // A "__proto__" key stays a key instead of replacing the result's prototype.
    if (key === "__proto__")
      Object.defineProperty(result, key, {
        value: shrink(item, level, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else result[key] = shrink(item, level, depth + 1);
  }
  if (entries.length > level.keys) result["…"] = `[${entries.length - level.keys} more keys left out]`;
  return result;
}

/**
 * The levels step coarsely (200 items, then 50): when `level` fits and the
 * looser one did not (or `level` is the first), keeps as many array items as still fit, between
 * `level.items` and `looserItems`, found by bisection (a few more passes, each
 * as long as the part kept). `undefined` when no more items fit.
 */
function keepMoreItems(value: unknown, level: ShrinkLevel, looserItems: number, maxChars: number): unknown {
  let fits: unknown;
  let low = level.items;
  let high = looserItems + 1;
  while (high - low > 1) {
    const items = Math.floor((low + high) / 2);
    const shrunk = shrink(value, { ...level, items }, 0);
    if (JSON.stringify(shrunk).length <= maxChars) {
      fits = shrunk;
      low = items;
    } else high = items;
  }
  return fits;
}

/** The length of the longest array in `value`, down to the depth the first level keeps. */
function longestArray(value: unknown, depth = 0): number {
  if (value === null || typeof value !== "object" || depth >= shrinkLevels[0]!.depth) return 0;
  let longest = Array.isArray(value) ? value.length : 0;
  for (const item of Array.isArray(value) ? value : Object.values(value))
    longest = Math.max(longest, longestArray(item, depth + 1));
  return longest;
}

/**
 * Shrinks a parsed JSON value so that its serialization fits `maxChars`,
 * keeping it valid JSON: long arrays keep their first items plus a marker item
 * saying how many were left out, long strings end in `…[truncated N chars]`,
 * objects with many keys get a `"…"` field, and deep nesting is replaced by a
 * summary string. Never cuts mid-token.
 */
export function truncateJson(value: unknown, maxChars: number, serialized?: string): TruncatedJson {
  const full = serialized ?? JSON.stringify(value) ?? "null";
  if (full.length <= maxChars) return { value, truncated: false, originalChars: full.length };
  for (const [index, level] of shrinkLevels.entries()) {
    const shrunk = shrink(value, level, 0);
    if (JSON.stringify(shrunk).length > maxChars) continue;
    // Above the first level, as many items as the budget could hold at all (each takes at least two characters).
    const looserItems = shrinkLevels[index - 1]?.items ?? Math.min(longestArray(value), Math.floor(maxChars / 2));
    const fuller = looserItems > level.items ? keepMoreItems(value, level, looserItems, maxChars) : undefined;
    return { value: fuller ?? shrunk, truncated: true, originalChars: full.length };
  }
  const summary = Array.isArray(value)
    ? `array of ${value.length} items`
    : typeof value === "object" && value !== null
      ? "object"
      : typeof value;
  return {
    value: `[${summary} of ${full.length} chars left out: too large to show]`,
    truncated: true,
    originalChars: full.length,
  };
}

/** The `truncated` of a result whose JSON `truncateJson` shortened from `originalChars` characters to fit `maxResultChars`. */
export function jsonTruncation(
  originalChars: number,
  maxResultChars: number,
): { originalSize: number; unit: "chars"; note: string } {
  return {
    originalSize: originalChars,
    unit: "chars",
    note: `JSON shortened to fit ${maxResultChars} characters (api.maxResultChars): long arrays, strings and objects carry markers saying what was left out`,
  };
}
