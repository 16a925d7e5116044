import { describe, expect, it } from "vitest";
import { bearerModeWith as bearerMode, queryModeWith as queryMode } from "../../test/auth-modes";
import { useEchoRoutes, type EchoRoute } from "../../test/echo-routes";

// The adversarial review's echo cases (issue 11): an API hands the credential back in a mixture
// of encodings, or in a header the result copies. The agent must get none of it back.

/** Go's json.Marshal escapes & < > as \u0026 \u003c \u003e. */
const goJson = (value: unknown): string =>
  JSON.stringify(value).replace(/[&<>]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);

const routes: Record<string, EchoRoute> = {
  // httpbin (Flask/Werkzeug) decodes %2B but keeps %2F when it echoes the query.
  "/v1/httpbin": (secret) => ({
    contentType: "application/json",
    body: JSON.stringify({ args: { api_key: encodeURIComponent(secret).replaceAll("%2B", "+") } }),
  }),
  // Every character percent-encoded, byte by byte, hex digits in alternating case.
  "/v1/every-byte": (secret) => ({
    contentType: "text/plain",
    body: `key=${[...Buffer.from(secret, "utf8")].map((byte, index) => `%${index % 2 === 0 ? byte.toString(16).padStart(2, "0") : byte.toString(16).padStart(2, "0").toUpperCase()}`).join("")}`,
  }),
  // A log line that is itself JSON, stored as a string inside a JSON body (PHP's \/ inside).
  "/v1/json-in-json": (secret) => ({
    contentType: "application/json",
    body: JSON.stringify({ log: JSON.stringify({ received_key: secret }).replaceAll("/", "\\/") }),
  }),
  // The same from Go, twice nested, served as text.
  "/v1/go-nested": (secret) => ({
    contentType: "text/plain",
    body: goJson({ outer: goJson({ inner: goJson({ key: secret }) }) }),
  }),
  // Each character spelled another way: itself, %XX, \uXXXX, &#NN;, &#xNN;.
  "/v1/per-character": (secret) => ({
    contentType: "text/html",
    body: [...secret]
      .map((character, index) => {
        const code = character.codePointAt(0)!;
        return [
          character,
          `%${code.toString(16).toUpperCase()}`,
          `\\u${code.toString(16).padStart(4, "0")}`,
          `&#${code};`,
          `&#x${code.toString(16)};`,
        ][index % 5]!;
      })
      .join(""),
  }),
  // Base64 of a larger blob holding the key at byte offsets 1 and 2; the key in hex, lower and upper case.
  "/v1/base64-offsets": (secret) => ({
    contentType: "text/plain",
    body: [
      Buffer.from(`x${secret}tail`).toString("base64"),
      Buffer.from(`xy${secret}tail`).toString("base64"),
      Buffer.from(`xy${secret}tail`).toString("base64url"),
      Buffer.from(secret).toString("hex"),
      Buffer.from(secret).toString("hex").toUpperCase(),
    ].join("\n"),
  }),
  // A binary body whose Content-Type carries the key; a UTF-16 body whose charset parameter does.
  "/v1/binary-type": (secret) => ({ contentType: `application/x-${secret}`, body: Buffer.from([0, 1, 2, 3]) }),
  "/v1/charset-note": (secret) => ({
    contentType: `text/plain; charset=utf-16-${secret}`,
    body: Buffer.from("hello", "utf16le"),
  }),
};

const call = useEchoRoutes(routes);

/** Every decoding an agent could apply to what it was shown. */
function decodings(text: string): string[] {
  const found = [text];
  const percent = text.replace(/(%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  const unicode = (value: string): string =>
    value
      .replace(/\\+u([0-9a-f]{4})/gi, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/\\+\//g, "/");
  const html = (value: string): string =>
    value
      .replace(/&#x([0-9a-f]+);?/gi, (_reference, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
      .replace(/&#([0-9]+);?/g, (_reference, decimal: string) => String.fromCodePoint(Number(decimal)));
  found.push(percent, unicode(text), html(text), html(unicode(percent)), unicode(html(percent)));
  for (const line of text.split(/[\s"\\]+/)) {
    for (const offset of [0, 1, 2, 3]) {
      found.push(
        Buffer.from(line.slice(offset), "base64").toString("latin1"),
        Buffer.from(line.slice(offset), "base64url").toString("latin1"),
      );
    }
    if (/^[0-9a-f]+$/i.test(line)) found.push(Buffer.from(line, "hex").toString("latin1"));
  }
  return found;
}

describe("an echoed secret in a mixture of encodings (issue 11 regression cases)", () => {
  it.each([
    ["httpbin's query echo: %2B decoded, %2F kept", "/httpbin", queryMode("AbCdEfGh+IjKlMnOp/QrStUv")],
    ["every byte percent-encoded, hex case alternating", "/every-byte", queryMode("AbCdEfGh+IjKlMnOp/QrStUv")],
    ["JSON inside a JSON string, PHP's \\/", "/json-in-json", bearerMode('AKIAxx/9Zq&<>"\\-0123456789')],
    ["Go's \\u0026 \\u003c \\u003e, nested twice", "/go-nested", bearerMode('AKIAxx/9Zq&<>"\\-0123456789')],
    ["each character spelled another way", "/per-character", bearerMode("AbCdEfGh+IjKl&MnOp/Qr<St>Uv=")],
    [
      "base64 at offsets 1 and 2, base64url, hex in both cases",
      "/base64-offsets",
      bearerMode("AbCdEfGh+IjKlMnOp/QrStUv="),
    ],
  ])("%s", async (_why, path, mode) => {
    const result = await call(mode, path);
    const secret = Object.values(mode.credential)[0] as string;
    expect(result.ok).toBe(true);
    const shown = JSON.stringify(result);
    expect(shown).toContain("[REDACTED]");
    for (const decoded of decodings(shown)) expect(decoded).not.toContain(secret);
    for (const decoded of decodings(
      typeof result.body === "object" && "value" in result.body ? JSON.stringify(result.body.value) : "",
    ))
      expect(decoded).not.toContain(secret);
  });

  it("walks a parsed JSON body value by value: the inner JSON string is redacted in place", async () => {
    const secret = "AKIAxx/9Zq-0123456789";
    const result = await call(bearerMode(secret), "/json-in-json");
    expect(result.body).toEqual({ kind: "json", value: { log: '{"received_key":"[REDACTED]"}' } });
  });
});

describe("strings the result copies from the upstream's headers", () => {
  it("a binary body's contentType is redacted like the header it comes from", async () => {
    const secret = "tok123secretvalue";
    const result = await call(bearerMode(secret), "/binary-type");
    expect(result.body).toMatchObject({ kind: "binary", contentType: "application/x-[REDACTED]" });
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it("the charset note is redacted", async () => {
    const secret = "tok456secretvalue";
    const result = await call(bearerMode(secret), "/charset-note");
    expect(result.note).toContain("utf-16-[REDACTED]");
    expect(JSON.stringify(result)).not.toContain(secret);
  });
});
