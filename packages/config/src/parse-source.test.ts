import { describe, expect, it } from "vitest";
import { createTestRegistry, testSignatureAuth } from "../test/auth-plugins";
import { sourceIssuesOf, validGithubSource } from "../test/source-issues";
import { ConfigError } from "./errors/config-error";
import type { SourceValidationError } from "./errors/source-validation-error";
import { parseSourceFile, parseSourceInput, parseSourceRecord } from "./parse-source";

const registry = createTestRegistry();

const valid = validGithubSource;

/** `valid` with `api` fields replaced (undefined removes a field). */
function withApi(api: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...valid.api, ...api };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return { ...valid, api: merged };
}

const issuesOf = (value: unknown): string[] => sourceIssuesOf(value, registry);

describe("parseSourceFile: one rule per row", () => {
  const rows: { why: string; value: unknown; issue?: RegExp }[] = [
    { why: "the minimal operator record is valid", value: valid },
    { why: "an http base URL is allowed", value: withApi({ baseUrl: "http://127.0.0.1:8080/v1" }) },
    { why: "a test endpoint may carry a query string", value: withApi({ testEndpoint: "/items?limit=1" }) },
    {
      why: "dots inside a segment or in the query are fine",
      value: withApi({ testEndpoint: "/v1.2/file.json?range=1..5" }),
    },
    {
      why: "$schema is allowed",
      value: { ...valid, $schema: "../../node_modules/@src/config/schema/source.schema.json" },
    },
    {
      why: "a relative base URL is not absolute",
      value: withApi({ baseUrl: "/v1" }),
      issue: /^api\.baseUrl: must be an absolute URL/,
    },
    {
      why: "ftp is not http(s)",
      value: withApi({ baseUrl: "ftp://files.example.com" }),
      issue: /^api\.baseUrl: must use http or https, not "ftp"/,
    },
    {
      why: "credentials do not belong in the URL",
      value: withApi({ baseUrl: "https://user:pw@api.example.com" }),
      issue: /^api\.baseUrl: must not contain a username or password/,
    },
    {
      why: "a fragment is never sent",
      value: withApi({ baseUrl: "https://api.example.com/#top" }),
      issue: /^api\.baseUrl: must not contain a fragment/,
    },
    {
      why: "testEndpoint is a path starting with /",
      value: withApi({ testEndpoint: "user" }),
      issue: /^api\.testEndpoint: must be a path starting with "\/"/,
    },
    {
      why: "testEndpoint has no fragment",
      value: withApi({ testEndpoint: "/user#x" }),
      issue: /^api\.testEndpoint: must not contain a fragment/,
    },
    {
      why: "testEndpoint has no whitespace",
      value: withApi({ testEndpoint: "/user me" }),
      issue: /^api\.testEndpoint: must not contain whitespace/,
    },
    {
      why: "testEndpoint cannot climb out of the base path",
      value: withApi({ testEndpoint: "/v1/../admin" }),
      issue: /^api\.testEndpoint: must not contain "\." or "\.\." segments/,
    },
    {
      why: "testEndpoint cannot climb out with an encoded dot segment",
      value: withApi({ testEndpoint: "/%2E%2e/admin" }),
      issue: /^api\.testEndpoint: must not contain "\." or "\.\." segments/,
    },
    {
      why: "testEndpoint cannot name another host",
      value: withApi({ testEndpoint: "//evil.example/x" }),
      issue: /^api\.testEndpoint: must be a path under baseUrl/,
    },
    {
      why: "testEndpoint is required",
      value: withApi({ testEndpoint: undefined }),
      issue: /^api\.testEndpoint: is required: a path such as "\/me"/,
    },
    { why: "a 63-character slug is the longest allowed", value: { ...valid, slug: "a".repeat(63) } },
    {
      why: "a 64-character slug is too long",
      value: { ...valid, slug: "a".repeat(64) },
      issue: /^slug: must be at most 63 characters/,
    },
    {
      why: "a slug cannot climb out of the sources directory",
      value: { ...valid, slug: "../x" },
      issue: /^slug: must use only lower-case letters/,
    },
    { why: "a slug has no slash", value: { ...valid, slug: "a/b" }, issue: /^slug: must use only/ },
    { why: "a slug has no backslash", value: { ...valid, slug: "a\\b" }, issue: /^slug: must use only/ },
    { why: "a slug is lower case", value: { ...valid, slug: "GitHub" }, issue: /^slug: must use only lower-case/ },
    { why: "a slug does not start with -", value: { ...valid, slug: "-github" }, issue: /^slug: must use only/ },
    { why: "an empty slug is not a slug", value: { ...valid, slug: "" }, issue: /^slug: must use only/ },
    {
      why: "header mode needs headerName",
      value: withApi({ authType: "header" }),
      issue: /^api\.headerName: required when api\.authType is "header"$/,
    },
    { why: "header mode with headerName is valid", value: withApi({ authType: "header", headerName: "X-Api-Key" }) },
    {
      why: "headerName must be a header name",
      value: withApi({ authType: "header", headerName: "X Api" }),
      issue: /^api\.headerName: must be a valid HTTP header name/,
    },
    {
      why: "headerName may not be a header the service controls",
      value: withApi({ authType: "header", headerName: "Content-Type" }),
      issue: /^api\.headerName: must not be "Content-Type"/,
    },
    {
      why: "query mode needs queryParam",
      value: withApi({ authType: "query" }),
      issue: /^api\.queryParam: required when api\.authType is "query"$/,
    },
    { why: "query mode with queryParam is valid", value: withApi({ authType: "query", queryParam: "api_key" }) },
    {
      why: "queryParam must be a string",
      value: withApi({ authType: "query", queryParam: 5 }),
      issue: /^api\.queryParam: must be a string/,
    },
    {
      why: "an unknown authType lists the registered types",
      value: withApi({ authType: "oauth" }),
      issue: /^api\.authType: unknown auth type "oauth"; use one of: "bearer", "header", "query", "basic"$/,
    },
    {
      why: "a missing authType lists the registered types",
      value: withApi({ authType: undefined }),
      issue: /^api\.authType: is required: one of "bearer", "header", "query", "basic"$/,
    },
    { why: "type is the constant api", value: { ...valid, type: "graphql" }, issue: /^type: must be "api"$/ },
    { why: "enabled is a boolean", value: { ...valid, enabled: "yes" }, issue: /^enabled: must be a boolean/ },
    { why: "enabled is required in a file", value: { ...valid, enabled: undefined }, issue: /^enabled: is required/ },
    { why: "a blank name is no name", value: { ...valid, name: "   " }, issue: /^name: is required: a display name/ },
    { why: "api is required", value: { ...valid, api: undefined }, issue: /^api: is required: an object/ },
    { why: "the record is an object", value: [], issue: /^\(record\): must be a JSON object$/ },
    { why: "timeoutMs is a positive integer", value: withApi({ timeoutMs: 0 }), issue: /^api\.timeoutMs: / },
    {
      why: "limits are optional and accepted",
      value: withApi({ timeoutMs: 30000, retries: 2, maxResponseBytes: 10485760, maxResultChars: 32000 }),
    },
    {
      why: "a status block of the wrong shape is reported",
      value: { ...valid, status: { connectionStatus: "ok" } },
      issue: /^status\.connectionStatus: /,
    },
  ];

  it.each(rows)("$why", ({ value, issue }) => {
    const issues = issuesOf(value);
    if (issue === undefined) expect(issues).toEqual([]);
    else
      expect(
        issues.some((line) => issue.test(line)),
        `${issues.join("\n")} should match ${String(issue)}`,
      ).toBe(true);
  });
});

describe("SourceValidationError", () => {
  it("reports every problem of a record at once, base-schema and plugin issues together", () => {
    const value = {
      type: "api",
      name: "",
      slug: "Bad Slug",
      enabled: true,
      api: { baseUrl: "ftp://x", authType: "header", testEndpoint: "me" },
    };
    const issues = issuesOf(value);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^name: /),
        expect.stringMatching(/^slug: /),
        expect.stringMatching(/^api\.baseUrl: /),
        expect.stringMatching(/^api\.testEndpoint: /),
        'api.headerName: required when api.authType is "header"',
      ]),
    );
    expect(issues).toHaveLength(5);
  });

  it("names the slug and the file and lists each issue in its message", () => {
    try {
      parseSourceFile(withApi({ authType: "header" }), { registry, file: "/home/me/.src/sources/github/config.json" });
      expect.unreachable();
    } catch (error) {
      expect(ConfigError.isInstance(error)).toBe(true);
      const validation = error as SourceValidationError;
      expect(validation.code).toBe("INVALID_SOURCE");
      expect(validation.slug).toBe("github");
      expect(validation.message).toContain(
        'source "github" (/home/me/.src/sources/github/config.json) is invalid, 1 problem:',
      );
      expect(validation.message).toContain('  - api.headerName: required when api.authType is "header"');
      expect(validation.message).toContain("Fix the fields above in /home/me/.src/sources/github/config.json");
    }
  });

  it("never repeats a credential written into the base URL", () => {
    const secret = "s3cr3t-password-value";
    try {
      parseSourceFile(withApi({ baseUrl: `https://user:${secret}@api.example.com`, authType: "query" }), { registry });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
      expect(JSON.stringify((error as SourceValidationError).issues)).not.toContain(secret);
    }
  });
});

describe("parse variants", () => {
  it("parseSourceRecord requires the service fields", () => {
    expect(() => parseSourceRecord(valid, { registry })).toThrow(/id: is required/);
  });

  it("parseSourceInput makes slug optional and defaults enabled to true", () => {
    const { slug: _slug, enabled: _enabled, ...input } = valid;
    const parsed = parseSourceInput(input, { registry });
    expect(parsed.enabled).toBe(true);
    expect(parsed.slug).toBeUndefined();
  });

  it("keeps plugin fields in the parsed record", () => {
    const parsed = parseSourceFile(withApi({ authType: "header", headerName: "X-Api-Key" }), { registry });
    expect(parsed.api).toMatchObject({ headerName: "X-Api-Key" });
  });
});

describe("custom auth plugins", () => {
  const withSignature = createTestRegistry().with(testSignatureAuth);

  it("contribute their own api fields and authType", () => {
    const parsed = parseSourceFile(withApi({ authType: "signature", keyId: "k1" }), { registry: withSignature });
    expect(parsed.api).toMatchObject({ authType: "signature", keyId: "k1" });
  });

  it("report their missing fields under api.<field>, and the registered types include them", () => {
    expect(() => parseSourceFile(withApi({ authType: "signature" }), { registry: withSignature })).toThrow(
      'api.keyId: required when api.authType is "signature"',
    );
    expect(() => parseSourceFile(withApi({ authType: "hmac" }), { registry: withSignature })).toThrow(
      'api.authType: unknown auth type "hmac"; use one of: "bearer", "header", "query", "basic", "signature"',
    );
  });

  it("may reject fields they do not know (a strict config schema sees only the plugin's fields)", () => {
    expect(() =>
      parseSourceFile(withApi({ authType: "signature", keyId: "k1", keyID: "typo" }), { registry: withSignature }),
    ).toThrow("api.keyID: is not a known field; remove it");
  });
});
