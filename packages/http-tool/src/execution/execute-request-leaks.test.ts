import { describe, expect, it } from "vitest";
import { bearerModeWith as bearerMode, queryModeWith as queryMode } from "../../test/auth-modes";
import { useEchoRoutes, type EchoRoute } from "../../test/echo-routes";

// Upstreams that echo the credential back in the ways real APIs do; the agent must never get any of it back.

/** What each echo route sends, from the secret the request carried. */
const routes: Record<string, EchoRoute> = {
  "/v1/binary": (secret) => ({
    contentType: "application/octet-stream",
    body: Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from(secret, "utf8")]),
  }),
  // The request line echoed right where maxResponseBytes (100 000) cuts: 10 characters before the end of the encoded key.
  "/v1/cut": (_secret, url) => {
    const head = ` url=${url}`;
    return { contentType: "text/plain", body: `${"a".repeat(100_000 - head.length + 10)}${head}${"z".repeat(10_000)}` };
  },
  // An API echoing the token unquoted: invalid JSON, and V8's parse error quotes the input around the error.
  "/v1/bad-json": (secret) => ({ contentType: "application/json", body: `{"received": ${secret}}` }),
  // PHP's json_encode escapes "/" (and non-ASCII as \uXXXX); PHP's default content type is text/html.
  "/v1/php": (secret) => ({
    contentType: "text/html; charset=UTF-8",
    body: JSON.stringify({ HTTP_AUTHORIZATION: secret })
      .replaceAll("/", "\\/")
      .replace(/[\u007f-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`),
  }),
  // Python's json.dumps (ensure_ascii) escapes non-ASCII as \uXXXX, served as text.
  "/v1/python": (secret) => ({
    contentType: "text/plain",
    body: JSON.stringify({ api_key: secret }).replace(
      /[\u007f-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
    ),
  }),
  // Minimal HTML escaping (& and < only), then the full set with both spellings of the quotes.
  "/v1/html": (secret) => ({
    contentType: "text/html",
    body: [
      secret.replaceAll("&", "&amp;").replaceAll("<", "&lt;"),
      secret
        .replaceAll("&", "&amp;")
        .replaceAll("<", "&lt;")
        .replaceAll(">", "&gt;")
        .replaceAll('"', "&quot;")
        .replaceAll("'", "&#39;"),
      secret
        .replaceAll("&", "&amp;")
        .replaceAll("<", "&lt;")
        .replaceAll(">", "&gt;")
        .replaceAll('"', "&quot;")
        .replaceAll("'", "&#x27;"),
    ].join(" | "),
  }),
  // Percent-encoding with hex digits in mixed case.
  "/v1/mixed-hex": (secret) => {
    let count = 0;
    const mixed = encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) =>
      ++count % 2 === 0 ? escape.toLowerCase() : escape,
    );
    return { contentType: "text/plain", body: `key=${mixed}` };
  },
  // Go's url.QueryEscape: "+" for space, "~" kept, !'()* escaped.
  "/v1/go-query": (secret) => ({
    contentType: "text/plain",
    body: `key=${encodeURIComponent(secret)
      .replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
      .replaceAll("%20", "+")}`,
  }),
  // The bytes of an ASCII echo labelled UTF-16: decoded as UTF-16 they look like CJK, and an agent can re-encode them.
  "/v1/utf16": (secret) => ({ contentType: "text/plain; charset=utf-16le", body: secret }),
  // A numeric key echoed as a JSON number: parsing rounds it, so the parsed value no longer holds the key, but most of its digits.
  "/v1/number": (secret) => ({ contentType: "application/json", body: `{"key": ${secret}}` }),
};

const call = useEchoRoutes(routes);

/** Every run of at least `length` characters of `secret` found in `text`. */
function partsIn(text: string, secret: string, length = 6): string[] {
  const found: string[] = [];
  for (let start = 0; start + length <= secret.length; start += 1) {
    const part = secret.slice(start, start + length);
    if (text.includes(part)) found.push(part);
  }
  return found;
}

describe("binary bodies", () => {
  it("a non-ASCII credential in a small binary body is never handed over as base64", async () => {
    const key = "clé-secrète-ÄÖÜ-12345";
    const result = await call(queryMode(key), "/binary");
    expect(result.body).toEqual({
      kind: "binary",
      contentType: "application/octet-stream",
      size: 3 + Buffer.byteLength(key),
    });
    expect(result.note).toMatch(/contains the credential/);
    expect(partsIn(JSON.stringify(result), key)).toEqual([]);
  });
});

describe("bodies cut at maxResponseBytes", () => {
  it("drops a tail as long as the longest form of the secret: no part of a percent-encoded CJK key shows", async () => {
    const key = "秘密鍵秘密鍵秘密鍵秘密鍵";
    const result = await call(queryMode(key), "/cut", { maxResponseBytes: 100_000, maxResultChars: 1_000_000 });
    expect(result.error?.code).toBe("RESPONSE_TOO_LARGE");
    const shown = (result.body as { value: string }).value;
    expect(shown.length).toBeGreaterThan(90_000);
    const encoded = encodeURIComponent(key);
    expect(partsIn(shown, encoded, 9)).toEqual([]);
    expect(partsIn(JSON.stringify(result), key, 1)).toEqual([]);
  });
});

describe("invalid JSON", () => {
  it("the note gives the position of the error, never the text around it", async () => {
    // No digits: a 4-character part of the token must not be found in the port or the duration by chance.
    const token = "tok_ABCDEFGHIJKLMNOPQRST";
    const result = await call(bearerMode(token), "/bad-json");
    expect(result.body).toEqual({ kind: "text", value: '{"received": [REDACTED]}' });
    expect(result.note).toBe("declared JSON but did not parse (syntax error at line 1, column 14); shown as text");
    expect(partsIn(JSON.stringify(result), token, 4)).toEqual([]);
  });
});

describe("encodings of an echoed secret", () => {
  it.each([
    ["PHP json_encode (escaped slashes) in text/html", "/php", bearerMode("ghp_AbC/dEf+GhI/jKl0123456789=")],
    ["PHP json_encode of a non-ASCII key (\\u escapes and escaped slashes)", "/php", queryMode("ключ/секрет-12345")],
    ["Python ensure_ascii of a non-ASCII key", "/python", queryMode("ключ-секрет-12345")],
    ["HTML entities, minimal and full", "/html", bearerMode(`k3y&<with>amp-"quo'te"-0123456789`)],
    ["mixed-case percent-encoding hex", "/mixed-hex", queryMode("clé/secrète+ÄÖÜ=12345")],
    ["Go QueryEscape", "/go-query", queryMode("go key~with!(star)*-12345")],
  ])("%s is redacted", async (_why, path, mode) => {
    const result = await call(mode, path);
    const secret = Object.values(mode.credential)[0] as string;
    expect(result.ok).toBe(true);
    expect((result.body as { value: string }).value).toContain("[REDACTED]");
    const shown = JSON.stringify(result);
    for (const part of partsIn(secret, secret, 6)) {
      expect(shown).not.toContain(part);
      expect(shown).not.toContain(JSON.stringify(part).slice(1, -1));
    }
    expect(shown).not.toMatch(/\\\\u04[0-9a-f]{2}\\\\u04/);
  });

  it("a UTF-16 body is shown as binary: its type and size, never its text or base64", async () => {
    const token = "tok_ABCDEFGHIJ0123456789";
    const result = await call(bearerMode(token), "/utf16");
    expect(result.body).toEqual({ kind: "binary", contentType: "text/plain", size: token.length });
    expect(result.note).toMatch(/utf-16le/);
    expect(JSON.stringify(result)).not.toContain(Buffer.from(token, "latin1").toString("utf16le"));
  });

  it("a numeric key echoed as a JSON number: the body is shown as redacted text", async () => {
    const key = "98765432109876543210";
    const result = await call(queryMode(key), "/number");
    expect(result.body).toEqual({ kind: "text", value: '{"key": [REDACTED]}' });
    expect(result.note).toMatch(/credential/);
    expect(partsIn(JSON.stringify(result), key, 8)).toEqual([]);
  });
});
