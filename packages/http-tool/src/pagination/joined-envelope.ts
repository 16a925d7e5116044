import type { ToolResult } from "../result/tool-result";
import { samePlace, withItemsAt, type PageItems } from "./items-of";

/** The envelope of the last page whose items were joined: its cursor, next link and `has_more` describe what is left. */
export interface JoinedEnvelope {
  value: unknown;
  /** Where it holds the items; `undefined` when the page is the array (or no page held a list yet). */
  path?: readonly string[] | undefined;
  headers: ToolResult["headers"];
  /** True while no page joined so far held a list: the body is then this envelope as it is. */
  listless: boolean;
}

/** A page as it is joined: its value (after `select`), its items when it has a list, and whether it holds none. */
export interface JoinedPage {
  value: unknown;
  found: PageItems | undefined;
  holdsNone: boolean;
  headers: ToolResult["headers"];
}

/**
 * The envelope once `page` is joined: the page's own when it holds no item, when no page before held a list, or when
 * its items are where the envelope's were; else the envelope before (a page whose items are elsewhere).
 */
export function envelopeAfter(before: JoinedEnvelope | undefined, page: JoinedPage): JoinedEnvelope {
  if (before !== undefined && !before.listless && !page.holdsNone && !samePlace(before.path, page.found?.path))
    return before;
  return {
    value: page.value,
    path: page.found?.path ?? before?.path,
    headers: page.headers,
    listless: page.holdsNone && (before?.listless ?? true),
  };
}

/** The joined body: the envelope with every page's `items` in its place, or the envelope as it is while listless. */
export function joinedBody(envelope: JoinedEnvelope | undefined, items: unknown[]): unknown {
  if (envelope?.listless === true) return envelope.value;
  return envelope?.path === undefined ? items : withItemsAt(envelope.value, envelope.path, items);
}
