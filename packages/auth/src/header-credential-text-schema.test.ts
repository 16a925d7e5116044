import { describe, expect, it } from "vitest";
import { headerCredentialTextSchema } from "./header-credential-text-schema";

describe("headerCredentialTextSchema", () => {
  const rows: { why: string; value: string; error?: RegExp }[] = [
    { why: "a typical token is accepted", value: "ghp_abcDEF123-._~+/=" },
    { why: "an inner space is a valid header value", value: "key with space" },
    { why: "empty is no credential", value: "", error: /must not be empty/ },
    { why: "LF would start a new header", value: "abc\ndef", error: /line breaks/ },
    { why: "a leading space would be trimmed by HTTP", value: " abc", error: /start or end with a space/ },
    { why: "a trailing space would be trimmed by HTTP", value: "abc ", error: /start or end with a space/ },
    { why: "Cyrillic cannot travel in a header value", value: "токен", error: /printable ASCII/ },
    { why: "a pasted non-breaking space is caught", value: "abc\u00a0def", error: /printable ASCII/ },
    { why: "a tab is a control character here", value: "abc\tdef", error: /printable ASCII/ },
  ];
  it.each(rows)("$why", ({ value, error }) => {
    const result = headerCredentialTextSchema.safeParse(value);
    if (error === undefined) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((issue) => issue.message).join("; ")).toMatch(error);
  });

  it("says a missing value is required, and a value of another type must be a string", () => {
    expect(headerCredentialTextSchema.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual([
      "is required",
    ]);
    expect(headerCredentialTextSchema.safeParse(42).error?.issues.map((issue) => issue.message)).toEqual([
      "must be a string",
    ]);
  });

  it("reports one message for a line break, not two", () => {
    expect(headerCredentialTextSchema.safeParse("a\rb").error?.issues).toHaveLength(1);
  });
});
