import { describe, expect, it } from "vitest";
import { codingsOf, createDecoders, undecodableCoding } from "./content-decoding";

describe("Content-Encoding parsing", () => {
  it.each([
    [null, [], undefined, 0, "no header: nothing to decode"],
    ["identity", [], undefined, 0, "identity is no coding"],
    ["gzip", ["gzip"], undefined, 1, "one coding"],
    [" GZip ", ["gzip"], undefined, 1, "case and spaces do not matter"],
    ["x-gzip", ["x-gzip"], undefined, 1, "the old name of gzip"],
    ["gzip, br", ["gzip", "br"], undefined, 2, "chained: gzip applied first, so br is undone first"],
    ["deflate,identity,gzip", ["deflate", "gzip"], undefined, 2, "identity inside a chain is skipped"],
    ["zstd", ["zstd"], "zstd", 0, "unknown: raw bytes, no decoder"],
    ["gzip, compress", ["gzip", "compress"], "compress", 0, "one unknown coding in a chain: nothing is decoded"],
  ])("%j gives codings %j", (header, codings, undecodable, decoders, _why) => {
    expect(codingsOf(header)).toEqual(codings);
    expect(undecodableCoding(header)).toBe(undecodable);
    const created = createDecoders(header);
    expect(created).toHaveLength(decoders);
    for (const decoder of created) decoder.destroy();
  });
});
