import { describe, expect, it } from "vitest";
import { baseUrlFor } from "./base-url-cache";

describe("baseUrlFor", () => {
  it("parses a base URL once and hands the same object back", () => {
    const first = baseUrlFor("https://api.example.com/v1");
    expect(first.href).toBe("https://api.example.com/v1");
    expect(baseUrlFor("https://api.example.com/v1")).toBe(first);
  });

  it("throws for a text that is not a URL, as new URL does, and caches nothing", () => {
    expect(() => baseUrlFor("not a url")).toThrow(TypeError);
    expect(() => baseUrlFor("not a url")).toThrow(TypeError);
  });

  it("keeps at most 64 entries, dropping the least recently used first", () => {
    const oldest = baseUrlFor("https://oldest.example.com/");
    for (let index = 0; index < 64; index += 1) baseUrlFor(`https://host-${index}.example.com/`);
    expect(baseUrlFor("https://oldest.example.com/")).not.toBe(oldest);
    expect(baseUrlFor("https://oldest.example.com/").href).toBe(oldest.href);
  });
});
