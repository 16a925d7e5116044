import { describe, expect, it } from "vitest";
import { InvalidVaultSlugError } from "./errors/invalid-vault-slug-error";
import { assertVaultSlug, compareSlugs } from "./slug";

describe("compareSlugs", () => {
  it("orders by UTF-16 code units (capitals before lower case), and says when two are equal", () => {
    expect(["zeta", "alpha", "Mid", "a.b", "a-b"].sort(compareSlugs)).toEqual(["Mid", "a-b", "a.b", "alpha", "zeta"]);
    expect(compareSlugs("alpha", "beta")).toBe(-1);
    expect(compareSlugs("beta", "alpha")).toBe(1);
    expect(compareSlugs("alpha", "alpha")).toBe(0);
  });
});

describe("assertVaultSlug", () => {
  it.each(["github", "a", "GitHub-2.v1:prod_x", "x".repeat(128)])("accepts %s", (slug) => {
    expect(() => assertVaultSlug(slug)).not.toThrow();
  });

  it.each(["", "-github", ".hidden", "a/b", "a b", "x".repeat(129), 42])("refuses %s", (slug) => {
    expect(() => assertVaultSlug(slug)).toThrow(InvalidVaultSlugError);
  });
});
