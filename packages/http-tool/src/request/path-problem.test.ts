import { describe, expect, it } from "vitest";
import { findPathProblem } from "./path-problem";

describe("findPathProblem", () => {
  it.each([
    ["/v1/users", undefined, "plain segments"],
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
  ])("%s -> %s (%s)", (pathPart, reason, _why) => {
    expect(findPathProblem(pathPart)?.reason).toBe(reason);
  });
});
