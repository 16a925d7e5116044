import { describe, expect, it } from "vitest";
import { createBearerTokenCheck } from "./check-bearer-token";

const token = "0123456789abcdef-admin-token";
const check = createBearerTokenCheck(token);

describe("createBearerTokenCheck", () => {
  it.each([
    { why: "the right token", header: `Bearer ${token}`, expected: true },
    { why: "scheme is case-insensitive (RFC 7235)", header: `bearer ${token}`, expected: true },
    { why: "trailing spaces are tolerated", header: `Bearer ${token}  `, expected: true },
    { why: "no header", header: undefined, expected: false },
    { why: "empty header", header: "", expected: false },
    { why: "scheme without token", header: "Bearer ", expected: false },
    { why: "token without scheme", header: token, expected: false },
    { why: "Basic scheme", header: `Basic ${Buffer.from(`x:${token}`).toString("base64")}`, expected: false },
    { why: "a prefix of the token", header: `Bearer ${token.slice(0, -1)}`, expected: false },
    { why: "the token plus one character", header: `Bearer ${token}x`, expected: false },
    { why: "two tokens", header: `Bearer ${token} ${token}`, expected: false },
    { why: "empty token against an empty digest must not pass", header: "Bearer", expected: false },
  ])("$why → $expected", ({ header, expected }) => {
    expect(check(header)).toBe(expected);
  });
});
