import { describe, expect, it } from "vitest";
import { createTestRegistry, testOpenAuth, testSignatureAuth } from "../test/auth-plugins";
import { validationIssuesOf, validGithubSource } from "../test/source-issues";
import { parseSourceFile, parseSourceInput } from "./parse-source";
import { closestField, unknownFieldIssues } from "./unknown-fields";

const registry = createTestRegistry().with(testSignatureAuth).with(testOpenAuth);

const valid = validGithubSource;

const issuesOf = validationIssuesOf;

describe("unknown fields are refused, with the field probably meant", () => {
  const rows: { why: string; value: Record<string, unknown>; issue: string }[] = [
    {
      why: "a misspelt api field",
      value: { ...valid, api: { ...valid.api, tesEndpoint: "/me" } },
      issue: 'api.tesEndpoint: is not a known field; did you mean "testEndpoint"?',
    },
    {
      why: "a misspelt field in another case",
      value: { ...valid, api: { ...valid.api, BaseURL: "https://x.test" } },
      issue: 'api.BaseURL: is not a known field; did you mean "baseUrl"?',
    },
    {
      why: "a misspelt top-level field",
      value: { ...valid, enabeld: false },
      issue: 'enabeld: is not a known field; did you mean "enabled"?',
    },
    {
      why: "a field of another auth mode",
      value: { ...valid, api: { ...valid.api, headerName: "X-Key" } },
      issue: 'api.headerName: is not used by this auth type (it belongs to authType "header"); remove it',
    },
    {
      why: "a field nobody declares, nothing close",
      value: { ...valid, api: { ...valid.api, zzzzzzzz: 1 } },
      issue:
        "api.zzzzzzzz: is not a known field; remove it (known here: baseUrl, authType, testEndpoint, headers, timeoutMs, retries, maxResponseBytes, maxResultChars, maxPages, maxStoredResultBytes, allowAmbiguousPathEncodings, propagateTrace, credentials, proxy, allowPlainHttpProxy, caFile, openapi, openapiValidation, policy)",
    },
    {
      why: "a custom plugin's strict schema declares keyId only",
      value: { ...valid, api: { ...valid.api, authType: "signature", keyId: "k1", keyID: "k2" } },
      issue: 'api.keyID: is not a known field; did you mean "keyId"?',
    },
  ];
  for (const row of rows) {
    it(`${row.why}: in config.json`, () => {
      expect(issuesOf(() => parseSourceFile(row.value, { registry }))).toContain(row.issue);
    });
    it(`${row.why}: in a creation request`, () => {
      expect(issuesOf(() => parseSourceInput(row.value, { registry }))).toContain(row.issue);
    });
  }

  it("allows every extra field of a custom plugin whose schema takes any", () => {
    const parsed = parseSourceFile(
      { ...valid, api: { ...valid.api, authType: "open", region: "eu", tenant: "t1" } },
      { registry },
    );
    expect(parsed.api).toMatchObject({ region: "eu", tenant: "t1" });
  });

  it("allows the service's own fields in a file", () => {
    const record = {
      ...valid,
      id: "x",
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
      status: { connectionStatus: "untested", lastTestedAt: null, lastError: null },
    };
    expect(issuesOf(() => parseSourceFile(record, { registry }))).toEqual([]);
  });

  it("reports the unknown field beside the other problems", () => {
    expect(
      issuesOf(() => parseSourceFile({ ...valid, nmae: "x", api: { ...valid.api, testEndpoint: "me" } }, { registry })),
    ).toEqual([
      'api.testEndpoint: must be a path starting with "/", e.g. "/me" or "/items?limit=1"',
      'nmae: is not a known field; did you mean "name"?',
    ]);
  });
});

describe("closestField", () => {
  it.each([
    ["tesEndpoint", "testEndpoint"],
    ["baseurl", "baseUrl"],
    ["header", "headers"],
    ["timeout", "timeoutMs"],
    ["retry", undefined],
    ["x", undefined],
  ])("%s → %s", (name, expected) => {
    expect(closestField(name, ["baseUrl", "authType", "testEndpoint", "headers", "timeoutMs"])).toBe(expected);
  });
});

describe("unknownFieldIssues", () => {
  it("names each field not known, with the one probably meant", () => {
    const known = ["name", "sources", "expires", "readOnly", "rateLimit"];
    expect(
      unknownFieldIssues(
        { name: "a", readonly: true, source: ["x"], expiresIn: "1h", rate_limit: "1/1m", zzz: 1 },
        known,
      ),
    ).toEqual([
      { path: "readonly", message: 'is not a known field; did you mean "readOnly"?' },
      { path: "source", message: 'is not a known field; did you mean "sources"?' },
      { path: "expiresIn", message: 'is not a known field; did you mean "expires"?' },
      { path: "rate_limit", message: 'is not a known field; did you mean "rateLimit"?' },
      {
        path: "zzz",
        message: "is not a known field; remove it (known here: name, sources, expires, readOnly, rateLimit)",
      },
    ]);
    expect(unknownFieldIssues({ name: "a", readOnly: false }, known)).toEqual([]);
  });
});
