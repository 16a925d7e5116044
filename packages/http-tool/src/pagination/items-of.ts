import { valueAt } from "./value-at";

/** Names APIs give the list in a page object, most common first: a page with several arrays takes the first of these it has. */
const listNames = [
  "items",
  "data",
  "results",
  "value",
  "records",
  "entries",
  "entry",
  "objects",
  "list",
  "nodes",
  "edges",
];

/** Arrays of link objects, never the items when the page has another array (`links` of JSON:API-like pages, FHIR's `link`). */
const linkNames = new Set(["links", "link", "_links"]);

/** The items of one page: the page itself when it is an array, else its list field, and where that field is. */
export interface PageItems {
  items: unknown[];
  /** Where the page object holds them: `["data"]`, HAL's `["_embedded", "orders"]`; `undefined` when the page is the array. */
  path?: readonly string[];
}

/**
 * Finds the items of a page: the array itself (GitHub); HAL's array under
 * `_embedded` (`{ _embedded: { orders: [...] }, _links }`); the one array
 * field of an object (`channels` for Slack), or among several the field with
 * a usual list name (`items`, `data` for Stripe, `results`, `value` for
 * OData, `entry` for FHIR...), else the longest array; an array of links
 * (`links`, `link`) only when the page has no other. Among several arrays
 * under `_embedded`, the same rule. `undefined` when the page holds no array.
 * With `place`, where the first page held its items, a later page takes its
 * items from there when that holds an array (its longest array may be another).
 */
export function itemsOf(page: unknown, place?: readonly string[]): PageItems | undefined {
  const held = place === undefined ? undefined : valueAt(page, place);
  if (Array.isArray(held)) return { items: held, path: place };
  if (Array.isArray(page)) return { items: page };
  if (!isRecord(page)) return undefined;
  const embedded = page._embedded;
  if (isRecord(embedded)) {
    const list = listAmong(arraysOf(embedded));
    if (list !== undefined) return { items: list[1], path: ["_embedded", list[0]] };
  }
  const arrays = arraysOf(page);
  const withoutLinks = arrays.filter(([name]) => !linkNames.has(name.toLowerCase()));
  const list = listAmong(withoutLinks.length > 0 ? withoutLinks : arrays);
  return list === undefined ? undefined : { items: list[1], path: [list[0]] };
}

/** The one array, or among several the first with a usual list name, else the longest (the first of equals). */
function listAmong(arrays: [string, unknown[]][]): [string, unknown[]] | undefined {
  if (arrays.length <= 1) return arrays[0];
  return (
    arrays.find(([name]) => listNames.includes(name.toLowerCase())) ??
    arrays.reduce((longest, entry) => (entry[1].length > longest[1].length ? entry : longest))
  );
}

/** `page` with `items` in the place `path` names (a copy of each object on the way; `page` is left as it was). */
export function withItemsAt(page: unknown, path: readonly string[], items: unknown[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return items;
  const record = isRecord(page) ? page : {};
  return { ...record, [head]: withItemsAt(record[head], rest, items) };
}

/** Whether two pages hold their items in the same place. */
export function samePlace(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function arraysOf(record: Record<string, unknown>): [string, unknown[]][] {
  return Object.entries(record).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
}
