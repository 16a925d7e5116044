import type { IndexedOperation } from "@src/openapi";
import { isBaseUrlQueryPair } from "../request/is-base-url-query-pair";
import { REDACTED } from "../result/redact-secrets";
import { parseLinkHeader } from "../result/parse-link-header";
import { decodeLeniently } from "./decode-leniently";
import { isUrlReference } from "./is-url-reference";
import { readCursor } from "./read-cursor";
import { valueAt } from "./value-at";
import { withoutQueryParameter } from "./without-query-parameter";

type QueryValue = string | number | boolean | (string | number | boolean)[];
/** The call of a page: always GET, a path under the base URL, and the query. */
export interface PageCall {
  method: "GET";
  path: string;
  query?: Record<string, QueryValue> | undefined;
}

/** How the next page was found. */
export type PaginationStyle = "link-header" | "body-url" | "cursor" | "starting-after" | "document";

/** The next page: a call to make, or a link that leaves the base URL (not followed). */
export type NextPage =
  { kind: "call"; style: PaginationStyle; call: PageCall } | { kind: "outside"; style: PaginationStyle; url: string };

/** What `findNextPage` reads. */
export interface NextPageInput {
  /** The page's kept response headers (`link` among them), redacted. */
  headers: Record<string, string>;
  /** The page's JSON body as the API sent it (before `select`), redacted. */
  body: unknown;
  /** The URL the page was read from (redacted; only its origin and path are used to resolve relative links). */
  responseUrl: string;
  /** The call that fetched the page. */
  call: PageCall;
  /** The source's base URL. */
  baseUrl: URL;
  /** The operation of the document the first call matched, when the source has a document. */
  operation?: IndexedOperation | undefined;
}

/**
 * Body fields that hold the next page's URL: `next`, `links.next`, HAL's `_links.next.href`, OData's
 * `@odata.nextLink`, `paging.next`, Laravel's `next_page_url` (and, after these, `nextUrlInBody`'s arrays of links).
 */
const urlFields: readonly (readonly string[])[] = [
  ["next"],
  ["links", "next"],
  ["links", "next", "href"],
  ["_links", "next", "href"],
  ["@odata.nextLink"],
  ["paging", "next"],
  ["next_page_url"],
];

/** Body fields that hold a cursor, and the query parameter it goes back in: Slack's `response_metadata.next_cursor`, Google's `nextPageToken`... */
const cursorFields: readonly { path: readonly string[]; parameter: string }[] = [
  { path: ["next_cursor"], parameter: "cursor" },
  { path: ["response_metadata", "next_cursor"], parameter: "cursor" },
  { path: ["meta", "next_cursor"], parameter: "cursor" },
  { path: ["nextPageToken"], parameter: "pageToken" },
  { path: ["next_page_token"], parameter: "page_token" },
  { path: ["cursor"], parameter: "cursor" },
];

/** Query parameters that name a page, for the document's own hints. */
const pageParameters =
  /^(cursor|page|page_?token|pagetoken|after|marker|next|continuation(_?token)?|starting_after|token|offset|skip|start)$/i;

/** Arrays of link objects: `links: [{ rel: "next", href }]`, FHIR's `link: [{ relation: "next", url }]`. */
const linkArrayFields = ["links", "link"];

/**
 * The body's next URL: the first of `urlFields` that holds one, where HAL's `_links.next` may also be an array of
 * link objects (the first with an `href` counts); else a link object whose `rel` or `relation` is `next` in an array
 * of links.
 */
function nextUrlInBody(body: unknown): string | undefined {
  for (const path of urlFields) {
    const value = valueAt(body, path);
    if (typeof value === "string" && isUrlReference(value)) return value;
  }
  const halNext = valueAt(body, ["_links", "next"]);
  if (Array.isArray(halNext)) {
    const href = halNext.map((link) => valueAt(link, ["href"])).find((value) => typeof value === "string");
    if (typeof href === "string" && isUrlReference(href)) return href;
  }
  for (const field of linkArrayFields) {
    const links = valueAt(body, [field]);
    if (!Array.isArray(links)) continue;
    for (const link of links) {
      const relation = valueAt(link, ["rel"]) ?? valueAt(link, ["relation"]);
      const relations = typeof relation === "string" ? relation.toLowerCase().split(/\s+/) : [];
      if (!relations.includes("next")) continue;
      const url = valueAt(link, ["href"]) ?? valueAt(link, ["url"]);
      if (typeof url === "string" && isUrlReference(url)) return url;
    }
  }
  return undefined;
}

/** A next page found in the body's cursor fields, or `end` when the first of them the body has says there is none. */
type CursorNextPage = NextPage | { kind: "end" };

/**
 * The next page of a page, in this order: the `Link: <...>; rel="next"` header
 * (RFC 8288); a next URL in the body; the document's own hint (a page
 * parameter of the operation and a response field named after it, e.g.
 * `page_token` and `next_page_token`); a cursor in the body sent back as a
 * query parameter; Stripe's `has_more` with the last item's `id` (a
 * non-empty string or a finite number) as `starting_after`. A cursor field that says the end (`readCursor`: `null`,
 * `""`, `0`...) ends the walk: no later rule is asked. `undefined` at the
 * last page.
 */
export function findNextPage(input: NextPageInput): NextPage | undefined {
  const link = input.headers.link;
  if (link !== undefined) {
    const next = parseLinkHeader(link).find((entry) => entry.rel.includes("next"));
    if (next !== undefined) return fromUrl(next.url, "link-header", input);
  }
  const body = input.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  // The page says no more follow (Stripe, Notion, Intercom…): a cursor or next URL it carries anyway is not a page.
  const { has_more: hasMoreSnake, hasMore } = body as { has_more?: unknown; hasMore?: unknown };
  if (hasMoreSnake === false || hasMore === false) return undefined;
  const url = nextUrlInBody(body);
  if (url !== undefined) return fromUrl(url, "body-url", input);
  const cursor = fromDocument(input) ?? fromCursorFields(input);
  if (cursor !== undefined) return cursor.kind === "end" ? undefined : cursor;
  const record = body as Record<string, unknown>;
  if (record.has_more === true && Array.isArray(record.data)) {
    const id = (record.data.at(-1) as { id?: unknown } | undefined)?.id;
    if ((typeof id === "string" && id !== "") || (typeof id === "number" && Number.isFinite(id)))
      return withParameter(input.call, "starting_after", id, "starting-after");
  }
  return undefined;
}

/** The next page's call: `call` with `parameter` set to `value`, in place of the one its query or its path's query had. */
function withParameter(call: PageCall, parameter: string, value: string | number, style: PaginationStyle): NextPage {
  return {
    kind: "call",
    style,
    call: {
      method: "GET",
      path: withoutQueryParameter(call.path, parameter),
      query: { ...call.query, [parameter]: value },
    },
  };
}

/** The first cursor field the body has, read: the next page, or the end. */
function fromCursorFields(input: NextPageInput): CursorNextPage | undefined {
  for (const { path, parameter } of cursorFields) {
    const reading = readCursor(valueAt(input.body, path));
    if (reading?.kind === "end") return reading;
    if (reading !== undefined) return withParameter(input.call, parameter, reading.value, "cursor");
  }
  return undefined;
}

/** A page parameter the operation declares, and the response field that carries its next value (or says the end). */
function fromDocument(input: NextPageInput): CursorNextPage | undefined {
  const operation = input.operation;
  if (operation === undefined) return undefined;
  const squash = (name: string): string => name.toLowerCase().replace(/[_-]/g, "");
  for (const parameter of operation.parameters) {
    if (parameter.in !== "query" || !pageParameters.test(parameter.name)) continue;
    const wanted = new Set([`next${squash(parameter.name)}`, `next${squash(parameter.name)}token`]);
    const reading = readCursor(findField(input.body, (name) => wanted.has(squash(name))));
    if (reading?.kind === "end") return reading;
    if (reading !== undefined) return withParameter(input.call, parameter.name, reading.value, "document");
  }
  return undefined;
}

/** A scalar field of the body, at its top level or one level down, whose name passes `test`. */
function findField(body: unknown, test: (name: string) => boolean): unknown {
  if (typeof body !== "object" || body === null) return undefined;
  const record = body as Record<string, unknown>;
  for (const [name, value] of Object.entries(record))
    if (test(name) && (typeof value !== "object" || value === null)) return value;
  for (const value of Object.values(record)) {
    if (typeof value !== "object" || value === null || Array.isArray(value)) continue;
    for (const [name, inner] of Object.entries(value as Record<string, unknown>))
      if (test(name) && (typeof inner !== "object" || inner === null)) return inner;
  }
  return undefined;
}

/**
 * A next URL as a path under the base URL, or `outside` when it leaves the base URL's origin or path. A relative one
 * (`?page=2`, `items?page=2`, `../items`) is resolved against the URL of the page that carried it (RFC 3986, section 5),
 * then confined as an absolute one is.
 */
function fromUrl(text: string, style: PaginationStyle, { responseUrl, baseUrl }: NextPageInput): NextPage {
  let target: URL;
  try {
    target = new URL(text, responseUrl);
  } catch {
    return { kind: "outside", style, url: text.slice(0, 200) };
  }
  const basePath = baseUrl.pathname.replace(/\/+$/, "");
  if (
    target.origin !== baseUrl.origin ||
    (target.pathname !== basePath && !target.pathname.startsWith(`${basePath}/`))
  ) {
    return { kind: "outside", style, url: `${target.origin}${target.pathname}`.slice(0, 200) };
  }
  // The credential's own query parameter came back redacted: the plugin attaches it again. The base URL's own
  // query pairs are added to every request anyway. The query is kept as the API wrote it (no re-encoding), less those.
  const query = target.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && !decodeLeniently(pair).includes(REDACTED) && !repeatsBaseQuery(pair, baseUrl))
    .join("&");
  const path = target.pathname.slice(basePath.length) || "/";
  return { kind: "call", style, call: { method: "GET", path: query === "" ? path : `${path}?${query}` } };
}

function repeatsBaseQuery(pair: string, baseUrl: URL): boolean {
  const [name = "", value = ""] = [...new URLSearchParams(pair)][0] ?? [];
  return isBaseUrlQueryPair(baseUrl, name, value);
}
