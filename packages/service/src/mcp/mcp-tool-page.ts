import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/**
 * Most tools in one `tools/list` answer. The official SDK's stdio client
 * refuses a message over 10 MiB; each tool is about 2 KB, so 10,000 tools
 * in one answer (about 19 MB) closed the connection. 500 tools are about 1 MB.
 */
export const mcpToolPageSize = 500;

/**
 * The page of `items` (sorted by `keyOf`) after `cursor`, and the cursor of
 * the next page when there is one. The cursor names the last key handed out,
 * not a position, so sources added or removed between pages neither repeat
 * nor skip the others.
 */
export function pageAfterCursor<TItem>(
  items: readonly TItem[],
  keyOf: (item: TItem) => string,
  cursor: string | undefined,
  pageSize = mcpToolPageSize,
): { page: TItem[]; nextCursor?: string } {
  let start = 0;
  if (cursor !== undefined) {
    const after = decodeCursor(cursor);
    start = items.findIndex((item) => keyOf(item) > after);
    if (start === -1) start = items.length;
  }
  const page = items.slice(start, start + pageSize);
  const last = page.at(-1);
  if (start + pageSize >= items.length || last === undefined) return { page };
  return { page, nextCursor: Buffer.from(JSON.stringify({ after: keyOf(last) })).toString("base64url") };
}

/** The last key a cursor handed out (a tool's `source\u0000rank`); throws the MCP error of a cursor this server never gave. */
export function decodeCursor(cursor: string): string {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { after?: unknown };
    if (typeof value.after === "string") return value.after;
  } catch {
    // Reported below.
  }
  throw new McpError(
    ErrorCode.InvalidParams,
    "cursor: not a cursor this server handed out; list the tools again without a cursor",
  );
}
