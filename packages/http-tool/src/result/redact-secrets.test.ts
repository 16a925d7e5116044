import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED } from "./redact-secrets";

const SECRET = "s3cret key/+=&!'()*é";
const utf8 = Buffer.from(SECRET, "utf8");
const lowerHex = (text: string): string => text.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

const forms: Array<{ why: string; form: string }> = [
  { why: "raw", form: SECRET },
  { why: "encodeURIComponent (query auth, URLs)", form: encodeURIComponent(SECRET) },
  {
    why: "encodeURIComponent with lower-case hex (some servers echo it so)",
    form: lowerHex(encodeURIComponent(SECRET)),
  },
  {
    why: "RFC 3986 strict percent-encoding",
    form: encodeURIComponent(SECRET).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  },
  {
    why: "form-encoded with + for spaces (URLSearchParams)",
    form: new URLSearchParams({ k: SECRET }).toString().slice(2),
  },
  { why: "base64 of the UTF-8 bytes", form: utf8.toString("base64") },
  { why: "base64 without padding", form: utf8.toString("base64").replace(/=+$/, "") },
  { why: "base64url", form: utf8.toString("base64url") },
  { why: "JSON string escape (an echoing API returns JSON)", form: JSON.stringify(`${SECRET}"\\`).slice(1, -1) },
];

describe("createRedactor", () => {
  it.each(forms)("redacts the $why form", ({ form }) => {
    const text = `before ${form} after`;
    const redacted = createRedactor([`${SECRET}"\\`, SECRET]).redactText(text);
    expect(redacted).toBe(`before ${REDACTED} after`);
  });

  it("redacts every occurrence, in URLs, headers and bodies", () => {
    const redactText = (value: string): string => createRedactor(["tok123"]).redactText(value);
    expect(redactText("http://127.0.0.1/x?key=tok123&b=tok123")).toBe(
      `http://127.0.0.1/x?key=${REDACTED}&b=${REDACTED}`,
    );
    expect(redactText("Bearer tok123")).toBe(`Bearer ${REDACTED}`);
  });

  it("redacts overlapping secrets completely, whatever their order", () => {
    for (const secrets of [
      ["abcd", "cdef"],
      ["cdef", "abcd"],
    ]) {
      expect(createRedactor(secrets).redactText("xxabcdefyy")).toBe(`xx${REDACTED}yy`);
    }
    expect(createRedactor(["pass", "password1"]).redactText("password1 pass")).toBe(`${REDACTED} ${REDACTED}`);
    expect(createRedactor(["aaaa"]).redactText("aaaaaa|aaaa")).toBe(`${REDACTED}|${REDACTED}`);
  });

  it("walks nested objects and arrays, keys included, without changing the input", () => {
    const input = {
      headers: { authorization: "Bearer tok123" },
      list: [1, "tok123", { tok123: ["x tok123"] }],
      ok: true,
      none: null,
    };
    const copy = structuredClone(input);
    const redacted = createRedactor(["tok123"]).redactDeep(input);
    expect(redacted).toEqual({
      headers: { authorization: `Bearer ${REDACTED}` },
      list: [1, REDACTED, { [REDACTED]: [`x ${REDACTED}`] }],
      ok: true,
      none: null,
    });
    expect(input).toEqual(copy);
    expect(JSON.stringify(redacted) + inspect(redacted, { depth: 10 })).not.toContain("tok123");
  });

  it("redacts a number whose digits are a secret, and keeps cycles", () => {
    const redactor = createRedactor(["123456"]);
    const redactDeep = <T>(value: T): T => redactor.redactDeep(value);
    expect(redactDeep({ pin: 123456, other: 7 })).toEqual({ pin: REDACTED, other: 7 });
    const cyclic: Record<string, unknown> = { key: "x123456" };
    cyclic.self = cyclic;
    const redacted = redactDeep(cyclic);
    expect(redacted.key).toBe(`x${REDACTED}`);
    expect(redacted.self).toBe(redacted);
  });

  it("skips empty secrets but redacts short ones", () => {
    const redactor = createRedactor(["", "ab", "ab", ""]);
    expect(redactor.size).toBe(1);
    expect(redactor.redactText("cab")).toBe(`c${REDACTED}`);
  });

  it("with no secrets, returns values untouched", () => {
    const redactor = createRedactor([""]);
    const value = { a: "text" };
    expect(redactor.size).toBe(0);
    expect(redactor.redactDeep(value)).toBe(value);
    expect(redactor.redactText("text")).toBe("text");
  });

  it("leaves class instances as they are", () => {
    const date = new Date(0);
    expect(createRedactor(["1970"]).redactDeep({ date }).date).toBe(date);
  });
});

describe("holdsSecretBytes", () => {
  const secret = "clé-ÄÖÜ-42";
  const redactor = createRedactor([secret]);
  it.each([
    ["UTF-8", Buffer.from(secret, "utf8"), true],
    ["Latin-1", Buffer.from(secret, "latin1"), true],
    ["UTF-16LE", Buffer.from(secret, "utf16le"), true],
    ["UTF-16BE", Buffer.from(secret, "utf16le").swap16(), true],
    ["percent-encoded UTF-8", Buffer.from(encodeURIComponent(secret)), true],
    ["base64 of UTF-8", Buffer.from(Buffer.from(secret).toString("base64")), true],
    ["other bytes", Buffer.from("cle-AOU-42"), false],
  ])("%s -> %s", (_encoding, bytes, expected) => {
    const framed = Buffer.concat([Buffer.from([0, 255]), bytes, Buffer.from([7])]);
    expect(redactor.holdsSecretBytes(framed)).toBe(expected);
  });

  it.each([
    {
      why: "Go's QueryEscape / Python's quote_plus (`!'()*` escaped, `+` for a space)",
      form: "a+b%21%27%28%29%2A%26%C3%A9%2F%22%3C",
    },
    { why: "percent-encoding with lower-case hex", form: "a%20b!'()*%26%c3%a9%2f%22%3c" },
    { why: "base64 without padding", form: Buffer.from(`a b!'()*&é/"<`).toString("base64").replace(/=+$/, "") },
    { why: "a JSON string with `\\u` escapes in lower case", form: `a b!'()*&\\u00e9/\\"<` },
    { why: "a JSON string with `\\u` escapes in upper case", form: `a b!'()*&\\u00E9/\\"<` },
    { why: "a JSON string with `\\/`", form: `a b!'()*&é\\/\\"<` },
    { why: "HTML with `&amp;` and `&lt;` only", form: `a b!'()*&amp;é/"&lt;` },
    { why: "HTML with numeric quotes", form: "a b!&#39;()*&amp;é/&#34;&lt;" },
    { why: "HTML with `&#x27;`", form: "a b!&#x27;()*&amp;é/&quot;&lt;" },
    { why: "HTML with `&apos;`", form: "a b!&apos;()*&amp;é/&quot;&lt;" },
  ])("finds the $why form in bytes", ({ form }) => {
    const secret = `a b!'()*&é/"<`;
    const framed = Buffer.concat([Buffer.from([0, 255]), Buffer.from(form, "utf8"), Buffer.from([7])]);
    expect(createRedactor([secret]).holdsSecretBytes(framed)).toBe(true);
    expect(createRedactor([secret]).holdsSecretBytes(Buffer.from(form, "utf16le"))).toBe(true);
    expect(createRedactor([`${secret}x`]).holdsSecretBytes(framed)).toBe(false);
  });

  it("looks for Latin-1 bytes only for secrets that Latin-1 can spell", () => {
    // Latin-1 would write "☃" as the byte 0x03: those bytes are not the secret.
    const redactor = createRedactor(["snow☃man"]);
    expect(redactor.holdsSecretBytes(Buffer.from("snow☃man", "latin1"))).toBe(false);
    expect(redactor.holdsSecretBytes(Buffer.from("snow☃man", "utf8"))).toBe(true);
  });

  it("finds a secret in a view into a larger buffer, and only within the view", () => {
    const whole = Buffer.from("xxclé-ÄÖÜ-42yy", "utf8");
    expect(redactor.holdsSecretBytes(new Uint8Array(whole.buffer, whole.byteOffset, whole.byteLength))).toBe(true);
    expect(redactor.holdsSecretBytes(new Uint8Array(whole.buffer, whole.byteOffset + 3, whole.byteLength - 3))).toBe(
      false,
    );
    expect(redactor.holdsSecretBytes(new Uint8Array(0))).toBe(false);
  });

  it("knows nothing without secrets", () => {
    expect(createRedactor([]).holdsSecretBytes(Buffer.from("anything"))).toBe(false);
  });

  it("keeps a __proto__ key of a parsed JSON body as a key, redacted like any other", () => {
    const parsed = JSON.parse('{"__proto__": {"token": "tok123"}, "a": 1}') as Record<string, unknown>;
    const redacted = createRedactor(["tok123"]).redactDeep(parsed);
    expect(Object.keys(redacted)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(redacted)).toBe(Object.prototype);
    expect(JSON.stringify(redacted)).toBe(`{"__proto__":{"token":"${REDACTED}"},"a":1}`);
  });
});

// Found by mutation testing (`pnpm mutation`): these flags steer truncation and JSON-number handling.
describe("what a redactor says about its secrets", () => {
  it("numericSecret: true only when some secret is all digits (it may come back as a JSON number)", () => {
    expect(createRedactor(["123456"]).numericSecret).toBe(true);
    expect(createRedactor(["7"]).numericSecret).toBe(true);
    expect(createRedactor(["abc", "90210"]).numericSecret).toBe(true);
    expect(createRedactor(["12a456"]).numericSecret).toBe(false);
    expect(createRedactor(["abcdef"]).numericSecret).toBe(false);
    expect(createRedactor([]).numericSecret).toBe(false);
  });

  it("size counts distinct non-empty secrets; longestForm is 0 without secrets", () => {
    expect(createRedactor(["a1", "a1", "", "b2"]).size).toBe(2);
    expect(createRedactor([]).longestForm).toBe(0);
    expect(createRedactor(["abc"]).longestForm).toBeGreaterThanOrEqual(3);
  });
});

// Found by mutation testing (`pnpm mutation`): how matches are merged, and what redactDeep walks.
describe("redaction edges", () => {
  it("a match inside an earlier, longer one does not cut the longer one short", () => {
    expect(createRedactor(["abcdefgh", "bc"]).redactText("xabcdefghy")).toBe(`x${REDACTED}y`);
    expect(createRedactor(["abcdefgh", "cdefghij"]).redactText("abcdefghij!")).toBe(`${REDACTED}!`);
  });

  it("adjacent matches of two secrets become one marker, separated ones two", () => {
    expect(createRedactor(["abcd", "efgh"]).redactText("abcdefgh")).toBe(REDACTED);
    expect(createRedactor(["abcd", "efgh"]).redactText("abcd-efgh")).toBe(`${REDACTED}-${REDACTED}`);
  });

  it("redacts a bigint holding a secret, and leaves other values as they are", () => {
    const redactor = createRedactor(["123456"]);
    expect(redactor.redactDeep({ id: 99123456001n, other: 7n, flag: true, nothing: undefined })).toEqual({
      id: `99${REDACTED}001`,
      other: 7n,
      flag: true,
      nothing: undefined,
    });
    expect(redactor.redactDeep(true)).toBe(true);
    expect(redactor.redactDeep(123456)).toBe(REDACTED);
  });

  it("an object without a prototype is walked like a plain one", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { token: "tok123" });
    expect(createRedactor(["tok123"]).redactDeep({ bare })).toEqual({ bare: { token: REDACTED } });
  });

  it("a __proto__ key stays an ordinary, writable, enumerable, configurable key of the copy", () => {
    const parsed = JSON.parse('{"__proto__": "tok123"}') as Record<string, unknown>;
    const redacted = createRedactor(["tok123"]).redactDeep(parsed);
    expect(Object.getOwnPropertyDescriptor(redacted, "__proto__")).toEqual({
      value: REDACTED,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    expect(Object.keys(createRedactor(["tok123"]).redactDeep({ plain: 1 }))).toEqual(["plain"]);
  });
});

describe("a secret echoed in another letter case (issue 21's audit)", () => {
  const secret = "Tok3n-AbCdEf/Zz";
  const redactor = createRedactor([secret]);
  it.each([
    {
      why: "lower-cased (a media type, an error message)",
      text: `content-type: application/x.${secret.toLowerCase()}+json`,
    },
    { why: "upper-cased", text: `ERROR: KEY ${secret.toUpperCase()} REJECTED` },
    { why: "lower-cased and percent-encoded", text: `url=/x?k=${encodeURIComponent(secret).toLowerCase()}` },
    { why: "upper-cased and JSON-escaped", text: JSON.stringify({ echo: secret.toUpperCase() }) },
    {
      why: "base64 of the secret, upper-cased as a whole",
      text: `ID ${Buffer.from(`xx${secret}`).toString("base64").toUpperCase()}`,
    },
  ])("$why", ({ text }) => {
    const redacted = redactor.redactText(text);
    expect(redacted).toContain(REDACTED);
    expect(redacted.toLowerCase()).not.toContain("tok3n-abcdef");
    expect(redacted.toLowerCase()).not.toContain(Buffer.from(secret).toString("base64").slice(4, 14).toLowerCase());
  });

  it("finds lower- and upper-cased forms in a body that is not decoded as text", () => {
    expect(redactor.holdsSecretBytes(Buffer.from(`\u0000${secret.toLowerCase()}\u0000`, "latin1"))).toBe(true);
    expect(redactor.holdsSecretBytes(Buffer.from(secret.toUpperCase(), "utf16le"))).toBe(true);
  });
});
