import { describe, expect, it } from "vitest";
import { findPathProblem } from "./path-problem";

describe("findPathProblem", () => {
  it.each([
    ["/v1/users", undefined, "plain segments"],
    [
      "/v1/caf%C3%A9/%2541",
      undefined,
      "encoded ordinary characters: servers read them otherwise, but nothing is hidden",
    ],
    ["/v1/a.b/..c/c..", undefined, "dots inside a name are not dot segments"],
    ["/v1/a;b/c", undefined, "a ;param on a normal segment"],
    ["/v1/%2e%2ex", undefined, "an encoded dot inside a name"],
    ["/v1/..", "DOT_SEGMENT", "a literal .."],
    ["/v1/./x", "DOT_SEGMENT", "a literal ."],
    ["/v1/..;/admin", "DOT_SEGMENT", "Tomcat/Jetty drop ;params, so ..; is .."],
    ["/v1/.;x/admin", "DOT_SEGMENT", ".;x is ."],
    ["/v1/%2E%2e;a=b/admin", "DOT_SEGMENT", "encoded .. with a parameter"],
    ["/v1/..%2fadmin", "ENCODED_SEPARATOR", "an encoded / that a decoding proxy turns into a real one"],
    ["/v1/..%5Cadmin", "ENCODED_SEPARATOR", "an encoded backslash"],
    ["/v1/a%0Ab", "CONTROL_CHARACTER", "an encoded line feed"],
    ["/v1/a\u0001b", "CONTROL_CHARACTER", "a raw control character"],
    ["/v1\\admin", "BACKSLASH", "a backslash"],
    // Spellings some server stacks turn into "../" (issue 11): refused unless the source allows them.
    ["/v1/%252e%252e/admin", "DOT_SEGMENT", "double-encoded dots, read as %2e%2e after one decoding"],
    ["/v1/%25252e%25252e/admin", "DOT_SEGMENT", "triple-encoded dots"],
    ["/v1/..%252fadmin", "ENCODED_SEPARATOR", "a double-encoded /"],
    ["/v1/%c0%ae%c0%ae/admin", "DOT_SEGMENT", "overlong UTF-8 dots (2 bytes)"],
    // Segments that Windows and IIS trim to ".." or "." (trailing dots and spaces dropped), issue 21's audit.
    ["/v1/..%20/admin", "DOT_SEGMENT", "a trailing encoded space: .. once trimmed"],
    ["/v1/..%2e/admin", "DOT_SEGMENT", "a trailing encoded dot"],
    ["/v1/%2e%2E%20/admin", "DOT_SEGMENT", "encoded dots and a trailing space"],
    ["/v1/.../admin", "DOT_SEGMENT", "three dots"],
    ["/v1/..%20;x/admin", "DOT_SEGMENT", "a trailing space before ;params"],
    ["/v1/.%20/admin", "DOT_SEGMENT", ". and a trailing space"],
    ["/v1/...x/b..%20", undefined, "dots and spaces inside or after a name are no dot segment"],
    ["/v1/%e0%80%ae%E0%80%AE/admin", "DOT_SEGMENT", "overlong UTF-8 dots (3 bytes, any case)"],
    ["/v1/..%c0%afadmin", "ENCODED_SEPARATOR", "an overlong UTF-8 /"],
    ["/v1/..%c1%9cadmin", "ENCODED_SEPARATOR", "an overlong UTF-8 backslash"],
    ["/v1/\uFF0E\uFF0E/admin", "DOT_SEGMENT", "full-width full stops U+FF0E, raw"],
    ["/v1/%EF%BC%8E%ef%bc%8e/admin", "DOT_SEGMENT", "full-width full stops, percent-encoded"],
    ["/v1/\u2024\u2024/admin", "DOT_SEGMENT", "one dot leaders U+2024"],
    ["/v1/\u2025/admin", "DOT_SEGMENT", "a two dot leader U+2025"],
    ["/v1/..\uFF0Fadmin", "ENCODED_SEPARATOR", "a full-width solidus U+FF0F"],
    ["/v1/..%EF%BC%BCadmin", "ENCODED_SEPARATOR", "a full-width reverse solidus U+FF3C, percent-encoded"],
    ["/v1/%2e%2e%3b/admin", "DOT_SEGMENT", "..; with the ; percent-encoded"],
    ["/v1/%2e%2e%3Bx=1/admin", "DOT_SEGMENT", "..;x=1 with the ; percent-encoded"],
    ["/v1/caf%C3%A9/%E2%9C%93", undefined, "other non-ASCII characters are fine"],
    ["/v1/100%25/x", undefined, "an encoded percent sign alone is fine"],
    ["/v1/\uFF21bc", undefined, "a full-width letter is not a separator or dot"],
  ])("%s -> %s (%s)", (pathPart, reason, _why) => {
    expect(findPathProblem(pathPart)?.reason).toBe(reason);
  });

  it.each([
    "/v1/..%20/admin",
    "/v1/.../admin",
    "/v1/%252e%252e/admin",
    "/v1/%c0%ae%c0%ae/admin",
    "/v1/\uFF0E\uFF0E/admin",
    "/v1/..\uFF0Fadmin",
  ])("allows %s when the source sets allowAmbiguousPathEncodings", (pathPart) => {
    expect(findPathProblem(pathPart, { allowAmbiguousEncodings: true })).toBeUndefined();
  });

  it("says how servers read the path and how to allow it", () => {
    expect(findPathProblem("/v1/%252e%252e/admin")?.problem).toContain(
      'as servers that decode twice or fold look-alike characters read it ("/v1/%2e%2e/admin")',
    );
    expect(findPathProblem("/v1/%252e%252e/admin")?.problem).toContain("api.allowAmbiguousPathEncodings");
  });
});
