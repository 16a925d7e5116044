import { describe, expect, it } from "vitest";
import { createTestRegistry } from "../../test/auth-plugins";
import { sourceIssuesOf, validGithubSource } from "../../test/source-issues";
import { parsePolicyRule } from "./policy-rule";
import { parseRateLimitText } from "./parse-rate-limit";

const registry = createTestRegistry();
const base = validGithubSource;
const withPolicy = (policy: unknown, api: Record<string, unknown> = {}) => ({
  ...base,
  api: { ...base.api, ...api, policy },
});

const issuesOf = (value: unknown): string[] => sourceIssuesOf(value, registry);

describe("parsePolicyRule: one row per form", () => {
  it.each([
    {
      why: "a method and a path glob",
      text: "GET /repos/**",
      rule: { kind: "route", method: "GET", path: "/repos/**" },
    },
    { why: "any method", text: "* /repos/*/*/issues", rule: { kind: "route", method: "*", path: "/repos/*/*/issues" } },
    {
      why: "a lower-case method is read in upper case",
      text: "delete /x",
      rule: { kind: "route", method: "DELETE", path: "/x", text: "DELETE /x" },
    },
    {
      why: "spaces around are ignored",
      text: "  POST   /items ",
      rule: { kind: "route", method: "POST", path: "/items" },
    },
    { why: "an operation glob", text: "operation:issues/*", rule: { kind: "operation", pattern: "issues/*" } },
    { why: "a tag", text: "tag:pulls", rule: { kind: "tag", pattern: "pulls" } },
  ])("$why: $text", ({ text, rule }) => {
    const parsed = parsePolicyRule(text);
    expect(parsed).toEqual({ ok: true, rule: expect.objectContaining(rule) });
  });

  it.each([
    {
      why: "a misspelt method names the near miss",
      text: "GETT /x",
      message: /"GETT" is not a method; did you mean "GET \/x"\?/,
    },
    { why: "another near miss", text: "DELET /repos/**", message: /did you mean "DELETE \/repos\/\*\*"/ },
    { why: "a path without a method", text: "/repos/**", message: /has no method: write "\* \/repos\/\*\*"/ },
    { why: "a misspelt prefix", text: "operaton:repos/delete", message: /did you mean "operation:repos\/delete"/ },
    { why: "an upper-case prefix", text: "Tag:pulls", message: /write the prefix in lower case, "tag:pulls"/ },
    { why: "an empty operation", text: "operation:", message: /give the operationId/ },
    { why: "a relative path", text: "GET repos", message: /must start with "\/"/ },
    { why: "a query string", text: "GET /x?y=1", message: /path only/ },
    { why: "a dot segment", text: "GET /a/../b", message: /"\.\." segments/ },
    { why: "three words", text: "GET /a /b", message: /one rule per entry/ },
    { why: "empty", text: " ", message: /is empty/ },
  ])("refused: $why ($text)", ({ text, message }) => {
    const parsed = parsePolicyRule(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.message).toMatch(message);
  });
});

describe("api.policy in config.json", () => {
  it("accepts the policy of the issue's example when the source has a document", () => {
    const policy = {
      mode: "read-only",
      allow: ["GET /repos/**", "POST /repos/*/*/issues", "operation:issues/*", "tag:pulls"],
      deny: ["DELETE /**", "operation:repos/delete"],
      confirm: ["PUT /repos/*/*/collaborators/*"],
      rateLimit: { calls: 60, perSeconds: 60 },
      tools: "single",
    };
    expect(issuesOf(withPolicy(policy, { openapi: "openapi.json" }))).toEqual([]);
  });

  it("lists every invalid rule with the others, by position", () => {
    expect(
      issuesOf(
        withPolicy({
          allow: ["GETT /x", "GET /ok"],
          deny: ["nope"],
          mode: "readonly",
          rateLimit: { calls: 0, perSeconds: 1.5 },
          extra: true,
        }),
      ),
    ).toEqual([
      'api.policy.mode: must be "read-write" or "read-only"',
      'api.policy.allow.0: "GETT /x": "GETT" is not a method; did you mean "GET /x"? Use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS or * for every method',
      'api.policy.deny.0: "nope" is not a rule: write "METHOD /path" (e.g. "GET /repos/**"), "operation:ID" or "tag:NAME"',
      "api.policy.rateLimit.calls: must be at least 1",
      "api.policy.rateLimit.perSeconds: must be an integer",
      "api.policy.extra: is not a known field; remove it",
    ]);
  });

  it("refuses operation and tag rules on a source without an OpenAPI document, naming the rule", () => {
    expect(issuesOf(withPolicy({ deny: ["GET /x", "operation:repos/delete"], confirm: ["tag:pulls"] }))).toEqual([
      'api.policy.deny.1: "operation:repos/delete" names operations of an OpenAPI document, and the source has none; set api.openapi, or write the rule as "METHOD /path"',
      'api.policy.confirm.0: "tag:pulls" names operations of an OpenAPI document, and the source has none; set api.openapi, or write the rule as "METHOD /path"',
    ]);
  });
});

describe("parseRateLimitText: --rate-limit N/DURATION", () => {
  it.each([
    { text: "60/1m", limit: { calls: 60, perSeconds: 60 } },
    { text: "10/30s", limit: { calls: 10, perSeconds: 30 } },
    { text: "1000/h", limit: { calls: 1000, perSeconds: 3600 } },
    { text: " 5 / 1d ", limit: { calls: 5, perSeconds: 86_400 } },
    { text: "60", limit: undefined },
    { text: "0/1m", limit: undefined },
    { text: "60/2d", limit: undefined },
    { text: "60/1y", limit: undefined },
    { text: "1.5/1m", limit: undefined },
  ])("$text", ({ text, limit }) => {
    expect(parseRateLimitText(text)).toEqual(limit);
  });
});
