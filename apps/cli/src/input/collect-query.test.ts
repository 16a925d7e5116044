import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { collectQuery, type QueryFlags } from "./collect-query";

describe("collectQuery (-q key=value)", () => {
  const rows: { why: string; pairs: string[]; expected: QueryFlags }[] = [
    { why: "one pair", pairs: ["limit=10"], expected: { limit: "10" } },
    { why: "only the first = splits", pairs: ["filter=a=b"], expected: { filter: "a=b" } },
    { why: "an empty value is kept", pairs: ["q="], expected: { q: "" } },
    { why: "the same key twice makes an array, in order", pairs: ["tag=a", "tag=b"], expected: { tag: ["a", "b"] } },
    { why: "three times stays one flat array", pairs: ["tag=a", "tag=b", "tag=c"], expected: { tag: ["a", "b", "c"] } },
    { why: "different keys stay apart", pairs: ["a=1", "b=2", "a=3"], expected: { a: ["1", "3"], b: "2" } },
    { why: "values are not decoded or trimmed", pairs: ["q= a%20b "], expected: { q: " a%20b " } },
  ];
  it.each(rows)("$why", ({ pairs, expected }) => {
    expect(pairs.reduce<QueryFlags | undefined>((query, pair) => collectQuery(pair, query), undefined)).toEqual(
      expected,
    );
  });

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])(
    "%s is a plain name, not an Object.prototype member",
    (name) => {
      const query = collectQuery(`${name}=2`, collectQuery(`${name}=1`, undefined));
      expect(Object.keys(query)).toEqual([name]);
      expect(query[name]).toEqual(["1", "2"]);
      expect(Object.getPrototypeOf(query)).toBeNull();
    },
  );

  it.each(["novalue", "=value", ""])("%j is refused as a commander usage error", (pair) => {
    expect(() => collectQuery(pair, undefined)).toThrow(InvalidArgumentError);
  });
});
