import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { digestAuthorization, digestResponse, type DigestInput } from "./digest-response";
import { parseDigestChallenges } from "./parse-digest-challenge";

/** RFC 7616 section 3.9.1's example (the same request with MD5 and with SHA-256). */
const rfcExample: Omit<DigestInput, "algorithm"> = {
  username: "Mufasa",
  password: "Circle of Life",
  realm: "http-auth@example.org",
  nonce: "7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v",
  method: "GET",
  uri: "/dir/index.html",
  qop: "auth",
  nc: "00000001",
  cnonce: "f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ",
};

describe("digest response (RFC 7616 3.9.1)", () => {
  it.each([
    ["MD5", "8ca523f5e9506fed4657c9700eebdbec"],
    ["SHA-256", "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"],
  ] as const)("%s gives the RFC's response", (algorithm, response) => {
    expect(digestResponse({ ...rfcExample, algorithm })).toBe(response);
  });

  it("writes the header as the RFC does: quoted strings escaped, qop, nc and algorithm bare", () => {
    const header = digestAuthorization({
      ...rfcExample,
      algorithm: "SHA-256",
      opaque: "FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS",
      username: 'Mu"fa\\sa',
    });
    expect(header).toMatch(
      /^Digest username="Mu\\"fa\\\\sa", realm="http-auth@example.org", nonce="7ypf\/xlj9XXwfDPEoM4URrv\/xwf94BcCAzFZH4GiTo0v", uri="\/dir\/index.html", algorithm=SHA-256, response="[0-9a-f]{64}", opaque="FQhe\/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS", qop=auth, nc=00000001, cnonce="f2\/wE4q74E6zIJEtWaHKaf5wv\/H5QzzpXusqGemxURZJ"$/,
    );
  });
});

describe("the user name in the header", () => {
  it("goes as username* (UTF-8, RFC 8187) when it is not printable ASCII, hashed with userhash, else quoted", () => {
    const input = { ...rfcExample, algorithm: "SHA-512-256" as const, opaque: undefined };
    const utf8 = digestAuthorization({ ...input, username: "J\u00e4s\u00f8n Doe" });
    expect(utf8).toMatch(/^Digest username\*=UTF-8''J%C3%A4s%C3%B8n%20Doe, realm=/);
    expect(utf8).toMatch(/^[\x20-\x7e]+$/); // an HTTP header can carry it as it is
    const hashed = digestAuthorization({ ...input, username: "J\u00e4s\u00f8n Doe", userhash: true });
    const expected = createHash("sha512-256").update("J\u00e4s\u00f8n Doe:http-auth@example.org", "utf8").digest("hex");
    expect(hashed).toContain(`username="${expected}"`);
    expect(hashed).toMatch(/, userhash=true$/);
    expect(digestAuthorization({ ...input, username: "Mufasa" })).toMatch(/^Digest username="Mufasa", /);
  });

  it("-sess binds the nonce and cnonce into A1: another cnonce gives another response", () => {
    const one = digestResponse({ ...rfcExample, algorithm: "SHA-256-sess" });
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).not.toBe(digestResponse({ ...rfcExample, algorithm: "SHA-256" }));
    expect(digestResponse({ ...rfcExample, algorithm: "SHA-256-sess", cnonce: "other" })).not.toBe(one);
    // auth-int hashes the body into A2: another body, another response.
    const withBody = digestResponse({
      ...rfcExample,
      algorithm: "SHA-256",
      qop: "auth-int",
      body: new TextEncoder().encode("{}"),
    });
    expect(withBody).not.toBe(digestResponse({ ...rfcExample, algorithm: "SHA-256", qop: "auth-int" }));
    // Without -sess the cnonce enters only the final hash, as before.
    expect(digestResponse({ ...rfcExample, algorithm: "SHA-256" })).toBe(
      "753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1",
    );
  });
});

describe("parseDigestChallenges", () => {
  it("reads every Digest challenge of a header with several schemes, quoted values unescaped", () => {
    const header =
      'Basic realm="x", Digest realm="a \\"quoted\\" realm", qop="auth, auth-int", algorithm=SHA-256, nonce="n1", Digest realm="b", nonce=n2, stale=TRUE, Bearer realm="c"';
    expect(parseDigestChallenges(header)).toEqual([
      { realm: 'a "quoted" realm', qop: "auth, auth-int", algorithm: "SHA-256", nonce: "n1" },
      { realm: "b", nonce: "n2", stale: "TRUE" },
    ]);
  });

  it("finds none in a header without Digest", () => {
    expect(parseDigestChallenges('Bearer realm="api", error="invalid_token"')).toEqual([]);
  });
});
