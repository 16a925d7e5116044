import { describe, expect, it } from "vitest";
import { slugSchema } from "./source-schema";
import { slugify } from "./slugify";

describe("slugify", () => {
  const rows: { why: string; name: string; slug: string }[] = [
    { why: "lower-cases and joins words with -", name: "GitHub API", slug: "github-api" },
    { why: "runs of other characters become one -", name: "Acme  --  (v2) / Orders", slug: "acme-v2-orders" },
    { why: "leading and trailing separators are trimmed", name: "  ..Weather!  ", slug: "weather" },
    { why: "accents are removed", name: "Météo Straße Øst", slug: "meteo-strasse-ost" },
    { why: "digits are kept and may come first", name: "123 Go", slug: "123-go" },
    { why: "path characters cannot survive", name: "../../etc/passwd", slug: "etc-passwd" },
    { why: "backslashes cannot survive", name: "..\\windows", slug: "windows" },
    { why: "a name without letters or digits falls back", name: "!!!", slug: "source" },
    { why: "an empty name falls back", name: "", slug: "source" },
    { why: "non-latin scripts fall back", name: "日本語", slug: "source" },
    { why: "long names are cut to 63 characters", name: "a".repeat(100), slug: "a".repeat(63) },
    { why: "a cut never ends with -", name: `${"a".repeat(62)} b`, slug: "a".repeat(62) },
  ];

  it.each(rows)("$why", ({ name, slug }) => {
    expect(slugify(name)).toBe(slug);
    expect(slugSchema.safeParse(slugify(name)).success).toBe(true);
  });
});
