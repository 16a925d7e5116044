/** Names APIs give the list in a page object, most common first: a page with several arrays takes the first of these it has. */
const listNames = ["items", "data", "results", "value", "records", "entries", "objects", "list", "nodes", "edges"];

/** The items of one page: the page itself when it is an array, else its list field, and that field's name. */
export interface PageItems {
  items: unknown[];
  /** The field of the page object that holds them; `undefined` when the page is the array. */
  key?: string;
}

/**
 * Finds the items of a page: the array itself (GitHub), or the one array field
 * of an object (`channels` for Slack), or among several the field with a
 * usual list name (`items`, `data` for Stripe, `results`, `value` for OData...),
 * else the longest array. `undefined` when the page holds no array.
 */
export function itemsOf(page: unknown): PageItems | undefined {
  if (Array.isArray(page)) return { items: page };
  if (typeof page !== "object" || page === null) return undefined;
  const arrays = Object.entries(page).filter((entry): entry is [string, unknown[]] => Array.isArray(entry[1]));
  if (arrays.length === 0) return undefined;
  const [key, items] = (
    arrays.length === 1
      ? arrays[0]
      : (arrays.find(([name]) => listNames.includes(name.toLowerCase())) ??
        [...arrays].sort((a, b) => b[1].length - a[1].length)[0])
  ) as [string, unknown[]];
  return { items, key };
}
