import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "./redact-secrets";
import { secretSpellings } from "./secret-spellings";

// Each spelling an echoing API may send back, one row each, with the text around it kept: the row fails when the
// spelling is no longer recognized (the secret leaks) or when more than the secret is taken. Found missing by
// mutation testing (`pnpm mutation`): before these rows, only the end-to-end leak suites reached most spellings.
const redacted = (secret: string, text: string): string => createRedactor([secret]).redactText(text);

describe("secretSpellings: each character of a secret in any spelling", () => {
  it.each([
    { why: "a `%XX` escape, upper-case hex", secret: "a/b", text: "<a%2Fb>" },
    { why: "a `%XX` escape, lower-case hex", secret: "a/b", text: "<a%2fb>" },
    { why: "percent-encoded twice (`%25XX`)", secret: "a/b", text: "<a%252Fb>" },
    { why: "percent-encoded three times (`%2525XX`)", secret: "a/b", text: "<a%25252Fb>" },
    { why: "the UTF-8 bytes of a non-ASCII character, each escaped", secret: "é1", text: "<%C3%A91>" },
    { why: "`+` for a space (form encoding)", secret: "a b", text: "<a+b>" },
    { why: "a JSON `\\u` escape, lower-case hex", secret: "a/b", text: "<a\\u002fb>" },
    { why: "a JSON `\\u` escape, upper-case hex", secret: "a/b", text: "<a\\u002Fb>" },
    {
      why: "a JSON `\\u` escape inside a JSON string inside a JSON string (two backslashes)",
      secret: "a/b",
      text: "<a\\\\u002fb>",
    },
    { why: "a `\\u` escape behind the most backslashes accepted (8)", secret: "a", text: `<${"\\".repeat(8)}u0061>` },
    {
      why: "the two `\\u` escapes of a character outside the BMP (a surrogate pair)",
      secret: "x😀",
      text: "<x\\ud83d\\ude00>",
    },
    { why: "JSON's short escape of `/`", secret: "a/b", text: "<a\\/b>" },
    { why: "JSON's short escape of a quote", secret: 'a"b', text: '<a\\"b>' },
    { why: "JSON's short escape of a newline", secret: "a\nb", text: "<a\\nb>" },
    { why: "JSON's short escape of a tab, nested once more", secret: "a\tb", text: "<a\\\\tb>" },
    { why: "a backslash escaped once", secret: "a\\b", text: "<a\\\\b>" },
    { why: "a backslash escaped three times", secret: "a\\b", text: `<a${"\\".repeat(8)}b>` },
    { why: "a decimal character reference", secret: "a/b", text: "<a&#47;b>" },
    { why: "a decimal character reference with leading zeros", secret: "a/b", text: "<a&#00000047;b>" },
    { why: "a decimal character reference without its `;`", secret: "a/b", text: "<a&#47b>" },
    { why: "a hex character reference", secret: "a/b", text: "<a&#x2f;b>" },
    { why: "a hex character reference with `X` and upper-case digits", secret: "a/b", text: "<a&#X2F;b>" },
    { why: "a hex character reference with leading zeros", secret: "a/b", text: "<a&#x0002f;b>" },
    { why: "an HTML name", secret: "a/b", text: "<a&sol;b>" },
    { why: "an HTML name with a second spelling", secret: "a|b", text: "<a&VerticalLine;b>" },
    { why: "a legacy HTML name without its `;`", secret: "a&b", text: "<a&ampb>" },
    { why: "a legacy HTML name in capitals", secret: "a<b", text: "<a&LT;b>" },
    { why: "every character spelled differently", secret: "a/ b&", text: "<%61\\u002f+&#98;&amp;>" },
    { why: "the last character escaped leaves no tail of its escape (`amp;`) behind", secret: "a&", text: "<a&amp;>" },
    { why: "the last character as a twice-encoded `%` leaves no `25` behind", secret: "a%", text: "<a%2525>" },
  ])("$why", ({ secret, text }) => {
    expect(redacted(secret, text)).toBe(`<${REDACTED}>`);
  });

  it.each([
    {
      why: "percent-encoded four times is beyond the accepted depth",
      secret: "a/b",
      text: "<a%2525252Fb>",
      expected: "<a%2525252Fb>",
    },
    {
      why: "a `\\u` escape behind 9 backslashes keeps the one before the 8 accepted",
      secret: "a",
      text: `<${"\\".repeat(9)}u0061>`,
      expected: `<\\${REDACTED}>`,
    },
    { why: "a non-legacy HTML name needs its `;`", secret: "a/b", text: "<a&solb>", expected: "<a&solb>" },
    {
      why: "a decimal reference with more than 6 leading zeros is not read",
      secret: "a/b",
      text: "<a&#000000047;b>",
      expected: "<a&#000000047;b>",
    },
    { why: "`+` stands for a space only", secret: "ab", text: "<a+b>", expected: "<a+b>" },
    {
      why: "a backslash is not a spelling of a character that has no short escape",
      secret: "ab",
      text: "<a\\b>",
      expected: "<a\\b>",
    },
  ])("$why", ({ secret, text, expected }) => {
    expect(redacted(secret, text)).toBe(expected);
  });
});

describe("secretSpellings: the whole secret as base64 and hex", () => {
  const secret = "k3y-material";
  const bytes = Buffer.from(secret, "utf8");

  it.each([0, 1, 2, 3, 4])("base64 and base64url of the secret inside a larger blob, %i bytes in", (offset) => {
    const blob = Buffer.concat([Buffer.alloc(offset, 0xfb), bytes, Buffer.alloc(3, 0xff)]);
    for (const encoding of ["base64", "base64url"] as const) {
      const text = blob.toString(encoding);
      expect(redacted(secret, text)).toContain(REDACTED);
      expect(redacted(secret, text).length).toBeLessThan(text.length);
    }
  });

  it("the whole-string base64 forms, padded and unpadded", () => {
    const short = "ab";
    expect(redacted(short, `<${Buffer.from(short).toString("base64")}>`)).toBe(`<${REDACTED}>`);
    expect(redacted(short, `<${Buffer.from(short).toString("base64").replace(/=+$/, "")}>`)).toBe(`<${REDACTED}>`);
    expect(redacted("a?>", `<${Buffer.from("a?>").toString("base64url")}>`)).toBe(`<${REDACTED}>`);
  });

  it("hex of the secret in either case, from 4 bytes on; shorter secrets are not looked for in hex", () => {
    expect(redacted(secret, `<${bytes.toString("hex")}>`)).toBe(`<${REDACTED}>`);
    expect(redacted(secret, `<${bytes.toString("hex").toUpperCase()}>`)).toBe(`<${REDACTED}>`);
    expect(redacted("abcd", "<61626364>")).toBe(`<${REDACTED}>`);
    expect(redacted("abc", "<616263>")).toBe("<616263>");
  });

  it("a base64 core shorter than 6 characters is not looked for inside other text", () => {
    // "abc" at offset 1 encodes to a core of 4 characters ("YWJj" shifted): it would match ordinary words.
    const blob = Buffer.concat([Buffer.from([0xfb]), Buffer.from("abc"), Buffer.from([0xff])]).toString("base64");
    expect(redacted("abc", blob)).toBe(blob);
  });
});

describe("secretSpellings: the longest text a spelling can match", () => {
  it("for one ASCII letter: eight backslashes and a `\\u` escape (13 characters)", () => {
    expect(secretSpellings("a").longest).toBe(13);
    expect(createRedactor(["a"]).longestForm).toBe(13);
  });

  it("for a backslash: nine backslashes, or eight and a `\\u` escape", () => {
    expect(secretSpellings("\\").longest).toBe(13);
  });

  it("for a character of two UTF-8 bytes: its percent escapes encoded twice more (2 × 7)", () => {
    // é: %(25){0,2}C3%(25){0,2}A9 is 14 characters; \\u00e9 behind 8 backslashes is 13.
    expect(secretSpellings("é").longest).toBe(14);
  });

  it("adds up over the characters, and counts base64 and hex of long secrets", () => {
    expect(secretSpellings("ab").longest).toBe(26);
    expect(secretSpellings("/").longest).toBe(13);
    const long = "x".repeat(40);
    expect(secretSpellings(long).longest).toBe(40 * 13);
  });
});
