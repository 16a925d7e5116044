import { describe, expect, it } from "vitest";
import { pageAfterCursor } from "./mcp-tool-page";

const keys = ["a", "b", "c", "d", "e"];
const identity = (key: string): string => key;

describe("pageAfterCursor", () => {
  it("hands out pages in order and stops with the last one", () => {
    const first = pageAfterCursor(keys, identity, undefined, 2);
    expect(first.page).toEqual(["a", "b"]);
    const second = pageAfterCursor(keys, identity, first.nextCursor, 2);
    expect(second.page).toEqual(["c", "d"]);
    const third = pageAfterCursor(keys, identity, second.nextCursor, 2);
    expect(third).toEqual({ page: ["e"] });
  });

  it("gives no cursor when everything fits in one page", () => {
    expect(pageAfterCursor(keys, identity, undefined, 5)).toEqual({ page: keys });
  });

  it("continues after the last key handed out even when that item was removed meanwhile", () => {
    const first = pageAfterCursor(keys, identity, undefined, 2);
    expect(pageAfterCursor(["a", "c", "d", "e"], identity, first.nextCursor, 2).page).toEqual(["c", "d"]);
  });

  it("answers an empty page after the end", () => {
    const first = pageAfterCursor(keys, identity, undefined, 4);
    expect(pageAfterCursor(["a"], identity, first.nextCursor, 4)).toEqual({ page: [] });
  });

  it.each([
    "",
    "not-a-cursor",
    Buffer.from("[1]").toString("base64url"),
    Buffer.from('{"after":3}').toString("base64url"),
  ])("refuses the cursor %j, naming the cursor", (cursor) => {
    expect(() => pageAfterCursor(keys, identity, cursor, 2)).toThrow(/cursor: not a cursor this server handed out/);
  });
});
