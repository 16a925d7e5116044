import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson, type RecordedRequest, type UpstreamHandler } from "./test-upstream";

/** Pages each style of the paged API has. */
export const pagedApiPages = 3;
/** Items on each page. */
export const pagedApiPageSize = 4;

/** One item of page `page` (1-based): `{ id, number, title, body }`; `body` is long, so `select` has something to cut. */
export function pagedApiItem(
  page: number,
  index: number,
): { id: string; number: number; title: string; body: string; state: string } {
  const number = (page - 1) * pagedApiPageSize + index + 1;
  return {
    id: `item_${number}`,
    number,
    title: `Item ${number}`,
    body: `The body of item ${number}. `.repeat(20),
    state: number % 2 === 0 ? "closed" : "open",
  };
}

const itemsOfPage = (page: number): ReturnType<typeof pagedApiItem>[] =>
  Array.from({ length: pagedApiPageSize }, (_, index) => pagedApiItem(page, index));

/** Options of `createPagedApiHandler`. */
export interface PagedApiOptions {
  /** Where `/outside` points its next page (another origin). Default `http://127.0.0.2:9`. */
  otherOrigin?: string;
  /** A page number whose `/link` answer is HTTP 500 (a page that fails). Default none. */
  failingPage?: number;
}

/**
 * A handler for `startUpstream`: one REST API paged in every style src
 * follows, three pages of four items each, under these paths (a prefix of the
 * base URL before them is ignored):
 * - `/link`: a JSON array, `Link: <...?page=N>; rel="next"` (GitHub);
 * - `/next-url`: `{ items, next }` with an absolute URL; `/links-next`: `{ data, links: { next } }` with a path;
 *   `/odata`: `{ value, "@odata.nextLink" }`; `/paging`: `{ data, paging: { next } }`;
 * - `/cursor`: `{ items, next_cursor }` (`?cursor=`); `/slack`: `{ ok, channels, response_metadata: { next_cursor } }`;
 *   `/google`: `{ files, nextPageToken }` (`?pageToken=`);
 * - `/stripe`: `{ object: "list", data, has_more }` (`?starting_after=<last id>`);
 * - `/document`: `{ entries, meta: { next_page_token } }` (`?page_token=`), which only a document's hint explains;
 * - `/flaky`: as `/link`, but page `failingPage` answers HTTP 500;
 * - `/outside`: a Link to page 2 on `otherOrigin`;
 * - `/big`: one JSON object of about 1 MB (`{ records: [...] }`), for cut results.
 */
export function createPagedApiHandler({
  otherOrigin = "http://127.0.0.2:9",
  failingPage,
}: PagedApiOptions = {}): UpstreamHandler {
  return (request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest) => {
    const style =
      /\/(link|flaky|next-url|links-next|odata|paging|cursor|slack|google|stripe|document|outside|big)$/.exec(
        recorded.path,
      )?.[1];
    const query = recorded.searchParams;
    const host = request.headers.host ?? "127.0.0.1";
    const pageFromToken = (value: string | null): number => (value === null ? 1 : Number(value.replace(/^token-/, "")));
    const hasNext = (page: number): boolean => page < pagedApiPages;
    const self = (page: number): string => `http://${host}${recorded.path}?page=${page}`;
    switch (style) {
      case "link":
      case "flaky": {
        const page = Number(query.get("page") ?? "1");
        if (style === "flaky" && page === failingPage) return sendJson(response, 500, { message: "page failed" });
        return sendJson(
          response,
          200,
          itemsOfPage(page),
          hasNext(page) ? { link: `<${self(page + 1)}>; rel="next", <${self(pagedApiPages)}>; rel="last"` } : {},
        );
      }
      case "next-url": {
        const page = Number(query.get("page") ?? "1");
        return sendJson(response, 200, { items: itemsOfPage(page), next: hasNext(page) ? self(page + 1) : null });
      }
      case "links-next": {
        const page = Number(query.get("page") ?? "1");
        return sendJson(response, 200, {
          data: itemsOfPage(page),
          links: { next: hasNext(page) ? `${recorded.path}?page=${page + 1}` : null },
        });
      }
      case "odata": {
        const page = Number(query.get("page") ?? "1");
        return sendJson(response, 200, {
          value: itemsOfPage(page),
          ...(hasNext(page) ? { "@odata.nextLink": self(page + 1) } : {}),
        });
      }
      case "paging": {
        const page = Number(query.get("page") ?? "1");
        return sendJson(response, 200, {
          data: itemsOfPage(page),
          paging: hasNext(page) ? { next: self(page + 1) } : {},
        });
      }
      case "cursor": {
        const page = pageFromToken(query.get("cursor"));
        return sendJson(response, 200, {
          items: itemsOfPage(page),
          next_cursor: hasNext(page) ? `token-${page + 1}` : null,
        });
      }
      case "slack": {
        const page = pageFromToken(query.get("cursor"));
        return sendJson(response, 200, {
          ok: true,
          channels: itemsOfPage(page),
          response_metadata: { next_cursor: hasNext(page) ? `token-${page + 1}` : "" },
        });
      }
      case "google": {
        const page = pageFromToken(query.get("pageToken"));
        return sendJson(response, 200, {
          files: itemsOfPage(page),
          ...(hasNext(page) ? { nextPageToken: `token-${page + 1}` } : {}),
        });
      }
      case "stripe": {
        // As Stripe does: the page size's items after the one named, wherever a page began.
        const after = query.get("starting_after");
        const start = after === null ? 0 : Number(after.replace("item_", ""));
        const total = pagedApiPages * pagedApiPageSize;
        const data = Array.from({ length: Math.max(0, Math.min(pagedApiPageSize, total - start)) }, (_, index) =>
          pagedApiItem(1, start + index),
        );
        return sendJson(response, 200, {
          object: "list",
          data,
          has_more: start + data.length < total,
          url: recorded.path,
        });
      }
      case "document": {
        const page = pageFromToken(query.get("page_token"));
        return sendJson(response, 200, {
          entries: itemsOfPage(page),
          meta: { next_page_token: hasNext(page) ? `token-${page + 1}` : null },
        });
      }
      case "outside":
        return sendJson(response, 200, itemsOfPage(1), { link: `<${otherOrigin}${recorded.path}?page=2>; rel="next"` });
      case "big":
        return sendJson(response, 200, {
          records: Array.from({ length: 2000 }, (_, index) => ({
            id: index,
            name: `record ${index}`,
            text: "x".repeat(480),
          })),
        });
      default:
        return sendJson(response, 404, { message: `no such page style: ${recorded.path}` });
    }
  };
}
