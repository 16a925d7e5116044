import { describe, expect, it } from "vitest";
import { createTestRegistry } from "../test/auth-plugins";
import { sourceIssuesOf } from "../test/source-issues";
import { parseSourceFile } from "./parse-source";

const registry = createTestRegistry();

const withHeaders = (headers: unknown, api: Record<string, unknown> = {}) => ({
  type: "api",
  name: "Notion",
  slug: "notion",
  enabled: true,
  api: { baseUrl: "https://api.notion.com/v1", authType: "bearer", testEndpoint: "/users/me", headers, ...api },
});

const issuesOf = (value: unknown): string[] => sourceIssuesOf(value, registry);

describe("api.headers", () => {
  it("keeps fixed headers as written", () => {
    const headers = {
      "Notion-Version": "2022-06-28",
      Accept: "application/vnd.github+json",
      "User-Agent": "my-agent/1.0 (ops@example.com)",
    };
    expect(parseSourceFile(withHeaders(headers), { registry }).api.headers).toEqual(headers);
  });

  const refused: { why: string; headers: unknown; api?: Record<string, unknown>; issue: string }[] = [
    {
      why: "a framing header",
      headers: { "Content-Length": "5" },
      issue: "api.headers.Content-Length: cannot be a fixed header: it frames the body; it is computed from the body",
    },
    {
      why: "the connection",
      headers: { connection: "close" },
      issue: "api.headers.connection: cannot be a fixed header: it manages the connection (hop-by-hop)",
    },
    {
      why: "any Proxy-* header",
      headers: { "Proxy-Authorization": "x" },
      issue:
        "api.headers.Proxy-Authorization: cannot be a fixed header: it is meant for a proxy, and src talks to no proxy",
    },
    {
      why: "the body's type, set per call",
      headers: { "content-type": "text/plain" },
      issue:
        "api.headers.content-type: cannot be a fixed header: it describes each call's body and is set per call (_contentType)",
    },
    {
      why: "Authorization, where credentials go",
      headers: { Authorization: "Bearer x" },
      issue:
        "api.headers.Authorization: cannot be a fixed header: it would carry a credential, and fixed headers are shown in plain text; store secrets as the source's credential (encrypted in the vault)",
    },
    {
      why: "a name that says it carries a key",
      headers: { "X-Api-Key": "k" },
      issue:
        "api.headers.X-Api-Key: cannot be a fixed header: it would carry a credential, and fixed headers are shown in plain text; store secrets as the source's credential (encrypted in the vault)",
    },
    {
      why: "the header the credential goes in",
      headers: { "x-team": "a" },
      api: { authType: "header", headerName: "X-Team" },
      issue:
        'api.headers.x-team: cannot be a fixed header: the credential goes in header "X-Team" (api.headerName); remove it',
    },
    {
      why: "a name with a space",
      headers: { "Bad Name": "x" },
      issue:
        'api.headers.Bad Name: is not a valid HTTP header name: letters, digits and !#$%&\'*+-.^_`|~ only, no spaces or colon (e.g. "Notion-Version")',
    },
    {
      why: "a value with a line break (header injection)",
      headers: { "X-Version": "1\r\nX-Evil: 1" },
      issue:
        "api.headers.X-Version: must be one line of text (printable ASCII or Latin-1, no line breaks or control characters), at most 8192 characters",
    },
    { why: "a value that is not text", headers: { "X-Version": 3 }, issue: "api.headers.X-Version: must be a string" },
    {
      why: "the same name twice in other cases",
      headers: { Accept: "a", accept: "b" },
      issue: 'api.headers.accept: is the same header as "Accept" (names ignore case); keep one',
    },
    { why: "not a map", headers: ["Accept: x"], issue: "api.headers: must be a JSON object" },
  ];
  for (const row of refused) {
    it(`refuses ${row.why}`, () => {
      expect(issuesOf(withHeaders(row.headers, row.api))).toContain(row.issue);
    });
  }
});
