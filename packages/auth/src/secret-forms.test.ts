import { describe, expect, it } from "vitest";
import { encodeUriComponentStrict, redactSecretForms, secretForms } from "./secret-forms";

describe("secretForms", () => {
  const rows: { why: string; value: string; contains: string[] }[] = [
    { why: "plain ASCII is listed raw and as base64", value: "abc123", contains: ["abc123", "YWJjMTIz"] },
    { why: "a space is %20 in a URL and + in a form body", value: "a b", contains: ["a b", "a%20b", "a+b"] },
    { why: "an apostrophe is %27 once a URL re-encodes the query", value: "a'b", contains: ["a'b", "a%27b"] },
    { why: "unicode is percent-encoded as UTF-8 bytes", value: "clé", contains: ["clé", "cl%C3%A9", "Y2zDqQ=="] },
    { why: "base64url differs from base64 for + and /", value: "\u00fb\u00ff", contains: ["w7vDvw==", "w7vDvw"] },
  ];
  it.each(rows)("$why", ({ value, contains }) => {
    const forms = secretForms(value);
    for (const form of contains) expect(forms).toContain(form);
    expect(new Set(forms).size).toBe(forms.length);
  });

  it("lists longest forms first", () => {
    const lengths = secretForms("a b/c+d").map((form) => form.length);
    expect(lengths).toEqual([...lengths].sort((left, right) => right - left));
  });

  it("has no forms for an empty value", () => {
    expect(secretForms("")).toEqual([]);
  });

  it("keeps the raw form of a lone surrogate that cannot be percent-encoded", () => {
    expect(secretForms("a\ud800")).toContain("a\ud800");
  });
});

describe("encodeUriComponentStrict", () => {
  it("encodes the characters encodeURIComponent leaves alone", () => {
    expect(encodeUriComponentStrict("!'()* ~")).toBe("%21%27%28%29%2A%20~");
  });
});

describe("redactSecretForms", () => {
  it("removes raw, percent-encoded and base64 forms", () => {
    const text = "q=s%20cret&raw=s cret&b64=cyBjcmV0";
    expect(redactSecretForms(text, ["s cret"])).toBe("q=[REDACTED]&raw=[REDACTED]&b64=[REDACTED]");
  });

  it("ignores empty secrets", () => {
    expect(redactSecretForms("abc", [""])).toBe("abc");
  });
});
