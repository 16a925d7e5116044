import { inspect } from "node:util";
import type { AnyAuthPluginV2 } from "@src/auth";
import { defineAuthPluginV2, InvalidCredentialError } from "@src/auth";
import type { SourceRecord } from "@src/config";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { buildRequest } from "./build-request";
import { USER_AGENT } from "./default-headers";
import { InvalidCallError } from "../errors/invalid-call-error";
import { INVALID_CALL_REASONS, type InvalidCallReason } from "../errors/invalid-call-reasons";
import { seededRandom } from "../../test/seeded-random";

/** Reasons no agent call alone can produce, each tested below with what produces it. */
const reasonsTestedOutsideTheTable = new Set<InvalidCallReason>([
  // The path checks stop every agent path first; only a plugin that moves the URL reaches it ("the credential stays under the base URL").
  "OUTSIDE_BASE_URL",
  // What shapes the result is checked before the request is built (tool/agent-input.test.ts).
  "INVALID_SELECT",
  "INVALID_PAGINATE",
  "INVALID_RESULT_REF",
]);

const BASE = "http://127.0.0.1:8080/v1";
const bearerPlugin = createBearerAuth();
const basicPlugin = createBasicAuth();
const TOKEN = "tok-Secret-42";
const KEY = "k3y value&x=1";
const USER = { username: "ada", password: "pässwörd" };

type AuthName = "bearer" | "header" | "query" | "basic";
const auth: Record<
  AuthName,
  { plugin: AnyAuthPluginV2; credential: Record<string, unknown>; api: Record<string, string> }
> = {
  bearer: { plugin: bearerPlugin, credential: { token: TOKEN }, api: {} },
  header: { plugin: createHeaderAuth(), credential: { key: KEY }, api: { headerName: "X-Api-Key" } },
  query: { plugin: createQueryAuth(), credential: { key: KEY }, api: { queryParam: "api_key" } },
  basic: { plugin: basicPlugin, credential: USER, api: {} },
};

function sourceFor(authName: AuthName, baseUrl = BASE): SourceRecord {
  return {
    type: "api",
    name: "Test API",
    slug: "test-api",
    enabled: true,
    api: { baseUrl, authType: authName, testEndpoint: "/me", ...auth[authName].api },
    id: "source-1",
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    status: { connectionStatus: "untested", lastTestedAt: null, lastError: null },
  };
}

function build(call: unknown, authName: AuthName = "bearer", baseUrl = BASE, plugin?: AnyAuthPluginV2) {
  const { plugin: defaultPlugin, credential } = auth[authName];
  return buildRequest({
    source: sourceFor(authName, baseUrl),
    call: call as never,
    credential,
    plugin: plugin ?? defaultPlugin,
  });
}

interface AcceptedRow {
  why: string;
  call: Record<string, unknown>;
  auth?: AuthName;
  base?: string;
  url?: string;
  method?: string;
  /** Expected headers (subset); `undefined` means the header must be absent. */
  headers?: Record<string, string | undefined>;
  /** Expected body; `null` means no body. */
  body?: string | null;
}

const basicValue = `Basic ${Buffer.from(`${USER.username}:${USER.password}`, "utf8").toString("base64")}`;

const accepted: AcceptedRow[] = [
  // joining
  {
    why: "path with a leading slash is appended to the base path",
    call: { method: "GET", path: "/users" },
    url: `${BASE}/users`,
  },
  {
    why: "path without a leading slash gets exactly one",
    call: { method: "GET", path: "users" },
    url: `${BASE}/users`,
  },
  {
    why: "base with a trailing slash + path with a leading slash: one slash",
    base: `${BASE}/`,
    call: { method: "GET", path: "/users" },
    url: `${BASE}/users`,
  },
  {
    why: "base with a trailing slash + path without one: one slash",
    base: `${BASE}/`,
    call: { method: "GET", path: "users" },
    url: `${BASE}/users`,
  },
  {
    why: "base without a path",
    base: "http://127.0.0.1:8080",
    call: { method: "GET", path: "/users" },
    url: "http://127.0.0.1:8080/users",
  },
  {
    why: "base that is only a slash",
    base: "http://127.0.0.1:8080/",
    call: { method: "GET", path: "users" },
    url: "http://127.0.0.1:8080/users",
  },
  {
    why: "deep base path prefix is kept",
    base: "http://127.0.0.1:8080/api/v2/tenant",
    call: { method: "GET", path: "/items/42" },
    url: "http://127.0.0.1:8080/api/v2/tenant/items/42",
  },
  { why: "empty path means the base itself, as /", call: { method: "GET", path: "" }, url: `${BASE}/` },
  { why: "path / is the base with a slash", call: { method: "GET", path: "/" }, url: `${BASE}/` },
  { why: "a trailing slash in the path is kept", call: { method: "GET", path: "/users/" }, url: `${BASE}/users/` },
  {
    why: "non-ASCII path segments are percent-encoded as UTF-8",
    call: { method: "GET", path: "/users/café" },
    url: `${BASE}/users/caf%C3%A9`,
  },
  {
    why: "already percent-encoded segments are kept as written",
    call: { method: "GET", path: "/files/a%20b" },
    url: `${BASE}/files/a%20b`,
  },
  {
    why: "a colon after the first slash is a path character (custom methods)",
    call: { method: "POST", path: "/things:batchGet" },
    url: `${BASE}/things:batchGet`,
  },
  {
    why: "@ after the first slash is a path character (/users/@me)",
    call: { method: "GET", path: "/users/@me" },
    url: `${BASE}/users/@me`,
  },
  {
    why: "dots inside a segment are not dot segments",
    call: { method: "GET", path: "/files/a..b/.hidden/x..." },
    url: `${BASE}/files/a..b/.hidden/x...`,
  },
  {
    why: "the base URL's own query comes first",
    base: `${BASE}?version=2`,
    call: { method: "GET", path: "/users?a=1" },
    url: `${BASE}/users?version=2&a=1`,
  },
  { why: "a lower-case method is sent upper case", call: { method: "get", path: "/users" }, method: "GET" },
  {
    why: "a mixed-case method with a body is sent upper case",
    call: { method: "pAtCh", path: "/users/1", body: { a: 1 } },
    method: "PATCH",
    body: '{"a":1}',
  },
  {
    why: "default headers are on every request",
    call: { method: "GET", path: "/users" },
    headers: {
      accept: "application/json, text/plain;q=0.9, */*;q=0.8",
      "user-agent": USER_AGENT,
      "content-type": undefined,
    },
  },
  // query merging
  {
    why: "a string query value",
    call: { method: "GET", path: "/search", query: { q: "x" } },
    url: `${BASE}/search?q=x`,
  },
  {
    why: "arrays become repeated keys in order",
    call: { method: "GET", path: "/items", query: { id: [3, 1, 2] } },
    url: `${BASE}/items?id=3&id=1&id=2`,
  },
  {
    why: "null values are dropped",
    call: { method: "GET", path: "/items", query: { a: null, b: "1" } },
    url: `${BASE}/items?b=1`,
  },
  {
    why: "undefined values are dropped",
    call: { method: "GET", path: "/items", query: { a: undefined, b: "1" } },
    url: `${BASE}/items?b=1`,
  },
  {
    why: "an empty array adds nothing",
    call: { method: "GET", path: "/items", query: { a: [] } },
    url: `${BASE}/items`,
  },
  {
    why: "numbers are stringified",
    call: { method: "GET", path: "/items", query: { limit: 10, ratio: 0.5, offset: -1 } },
    url: `${BASE}/items?limit=10&ratio=0.5&offset=-1`,
  },
  {
    why: "booleans are stringified",
    call: { method: "GET", path: "/items", query: { active: true, deleted: false } },
    url: `${BASE}/items?active=true&deleted=false`,
  },
  {
    why: "unicode values are UTF-8 percent-encoded",
    call: { method: "GET", path: "/people", query: { name: "Jürgen 日本" } },
    url: `${BASE}/people?name=J%C3%BCrgen%20%E6%97%A5%E6%9C%AC`,
  },
  {
    why: "a space is %20, never +",
    call: { method: "GET", path: "/search", query: { q: "a b+c" } },
    url: `${BASE}/search?q=a%20b%2Bc`,
  },
  {
    why: "reserved characters in values are encoded",
    call: { method: "GET", path: "/search", query: { q: "a&b=c?d/e#f" } },
    url: `${BASE}/search?q=a%26b%3Dc%3Fd%2Fe%23f`,
  },
  {
    why: "parameter names are encoded too",
    call: { method: "GET", path: "/search", query: { "a b": 1 } },
    url: `${BASE}/search?a%20b=1`,
  },
  {
    why: "an empty string value is kept",
    call: { method: "GET", path: "/search", query: { q: "" } },
    url: `${BASE}/search?q=`,
  },
  {
    why: "the path's own query string is kept",
    call: { method: "GET", path: "/items?limit=1" },
    url: `${BASE}/items?limit=1`,
  },
  {
    why: "the path's query comes before query",
    call: { method: "GET", path: "/items?a=1", query: { b: 2 } },
    url: `${BASE}/items?a=1&b=2`,
  },
  {
    why: "the same non-auth name in path and query: both kept",
    call: { method: "GET", path: "/items?tag=a", query: { tag: "b" } },
    url: `${BASE}/items?tag=a&tag=b`,
  },
  { why: "a path ending in ? has no empty query", call: { method: "GET", path: "/items?" }, url: `${BASE}/items` },
  {
    why: "brackets in the path's query are kept",
    call: { method: "GET", path: "/items?filter[state]=open" },
    url: `${BASE}/items?filter[state]=open`,
  },
  {
    why: "%2F is allowed in the query part",
    call: { method: "GET", path: "/search?path=a%2Fb" },
    url: `${BASE}/search?path=a%2Fb`,
  },
  // auth modes
  {
    why: "bearer: Authorization header",
    call: { method: "GET", path: "/me" },
    headers: { authorization: `Bearer ${TOKEN}` },
    url: `${BASE}/me`,
  },
  {
    why: "header: the configured header, name lower case",
    auth: "header",
    call: { method: "GET", path: "/me" },
    headers: { "x-api-key": KEY, authorization: undefined },
  },
  {
    why: "query: ?param=key, name and key encoded",
    auth: "query",
    call: { method: "GET", path: "/me" },
    url: `${BASE}/me?api_key=k3y%20value%26x%3D1`,
  },
  {
    why: "query: joined with & after the path's query",
    auth: "query",
    call: { method: "GET", path: "/items?limit=1" },
    url: `${BASE}/items?limit=1&api_key=k3y%20value%26x%3D1`,
  },
  {
    why: "query: added last, after the agent's query",
    auth: "query",
    call: { method: "GET", path: "/items?a=1", query: { b: 2 } },
    url: `${BASE}/items?a=1&b=2&api_key=k3y%20value%26x%3D1`,
  },
  {
    why: "query: no header carries the key",
    auth: "query",
    call: { method: "GET", path: "/me" },
    headers: { authorization: undefined },
  },
  {
    why: "basic: UTF-8 user:password in base64",
    auth: "basic",
    call: { method: "GET", path: "/me" },
    headers: { authorization: basicValue },
  },
  {
    why: "basic: with a POST body, auth and content type both present",
    auth: "basic",
    call: { method: "POST", path: "/items", body: [1] },
    headers: { authorization: basicValue, "content-type": "application/json" },
    body: "[1]",
  },
  // bodies
  {
    why: "a JSON object body is serialized with application/json",
    call: { method: "POST", path: "/items", body: { name: "x", tags: ["a"] } },
    body: '{"name":"x","tags":["a"]}',
    headers: { "content-type": "application/json" },
  },
  { why: "a JSON array body", call: { method: "PUT", path: "/items", body: [1, 2] }, body: "[1,2]" },
  { why: "a JSON string body is a JSON string", call: { method: "POST", path: "/items", body: "x" }, body: '"x"' },
  { why: "a falsy JSON body (0) is still sent", call: { method: "POST", path: "/items", body: 0 }, body: "0" },
  {
    why: "a falsy JSON body (false) is still sent",
    call: { method: "POST", path: "/items", body: false },
    body: "false",
  },
  {
    why: "a null body counts as no body",
    call: { method: "POST", path: "/items", body: null },
    body: null,
    headers: { "content-type": undefined },
  },
  {
    why: "_rawBody is sent as it stands, text/plain by default",
    call: { method: "POST", path: "/notes", _rawBody: "a=1&b=2 {not json}" },
    body: "a=1&b=2 {not json}",
    headers: { "content-type": "text/plain; charset=utf-8" },
  },
  {
    why: "_contentType sets the raw body's type",
    call: { method: "POST", path: "/xml", _rawBody: "<a/>", _contentType: "application/xml" },
    body: "<a/>",
    headers: { "content-type": "application/xml" },
  },
  {
    why: "an empty _rawBody is a body of zero length",
    call: { method: "POST", path: "/notes", _rawBody: "" },
    body: "",
    headers: { "content-type": "text/plain; charset=utf-8" },
  },
  {
    why: "_rawBody inside body is moved out (agents trained on other tools)",
    call: { method: "POST", path: "/notes", body: { _rawBody: "hello" } },
    body: "hello",
    headers: { "content-type": "text/plain; charset=utf-8" },
  },
  {
    why: "_rawBody and _contentType inside body are both moved out",
    call: {
      method: "POST",
      path: "/form",
      body: { _rawBody: "a=1", _contentType: "application/x-www-form-urlencoded" },
    },
    body: "a=1",
    headers: { "content-type": "application/x-www-form-urlencoded" },
  },
  {
    why: "_contentType with a JSON body replaces application/json",
    call: { method: "PATCH", path: "/items/1", body: { a: null }, _contentType: "application/merge-patch+json" },
    body: '{"a":null}',
    headers: { "content-type": "application/merge-patch+json" },
  },
  {
    why: "_contentType inside a JSON body is moved out, the rest stays the body",
    call: { method: "PATCH", path: "/items/1", body: { a: 1, _contentType: "application/merge-patch+json" } },
    body: '{"a":1}',
    headers: { "content-type": "application/merge-patch+json" },
  },
  {
    why: "the same _contentType at top level and in body is fine",
    call: { method: "POST", path: "/x", _contentType: "text/csv", body: { _rawBody: "a,b", _contentType: "text/csv" } },
    body: "a,b",
    headers: { "content-type": "text/csv" },
  },
  {
    why: "DELETE may carry a body",
    call: { method: "delete", path: "/items", body: { ids: [1] } },
    method: "DELETE",
    body: '{"ids":[1]}',
  },
  { why: "HEAD without a body", call: { method: "head", path: "/items" }, method: "HEAD", body: null },
  { why: "OPTIONS without a body", call: { method: "OPTIONS", path: "/items" }, method: "OPTIONS", body: null },
];

interface RejectedRow {
  why: string;
  call: Record<string, unknown>;
  reason: InvalidCallReason;
  auth?: AuthName;
  /** A fragment the message must contain (it says what to do). */
  message?: string;
}

const get = (path: string): { method: string; path: string } => ({ method: "GET", path });

const cyclicBody: Record<string, unknown> = { name: "loop" };
cyclicBody.self = cyclicBody;

const rejected: RejectedRow[] = [
  {
    why: "an argument the tool does not take (headers are the source's, not the agent's)",
    call: { method: "GET", path: "/x", headers: { "x-a": "b" } },
    reason: "UNKNOWN_ARGUMENT",
    message: "headers",
  },
  {
    why: "a BigInt in the JSON body",
    call: { method: "POST", path: "/x", body: { count: 10n } },
    reason: "INVALID_BODY",
    message: "body cannot be serialized as JSON",
  },
  {
    why: "a cycle in the JSON body",
    call: { method: "POST", path: "/x", body: cyclicBody },
    reason: "INVALID_BODY",
    message: "body cannot be serialized as JSON",
  },
  {
    why: "an unknown method",
    call: { method: "FETCH", path: "/x" },
    reason: "INVALID_METHOD",
    message: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  },
  { why: "TRACE is not allowed", call: { method: "trace", path: "/x" }, reason: "INVALID_METHOD" },
  { why: "path is required", call: { method: "GET" }, reason: "INVALID_INPUT", message: "path:" },
  {
    why: "a query value must be a scalar or an array of scalars",
    call: { method: "GET", path: "/x", query: { a: { b: 1 } } },
    reason: "INVALID_INPUT",
    message: "query.a",
  },
  {
    why: "an empty query parameter name",
    call: { method: "GET", path: "/x", query: { "": 1 } },
    reason: "INVALID_INPUT",
  },
  {
    why: "GET with a JSON body",
    call: { method: "GET", path: "/x", body: { a: 1 } },
    reason: "BODY_NOT_ALLOWED",
    message: "put the values in query",
  },
  {
    why: "GET with an empty object body is still a body",
    call: { method: "get", path: "/x", body: {} },
    reason: "BODY_NOT_ALLOWED",
  },
  { why: "HEAD with a body", call: { method: "HEAD", path: "/x", body: "x" }, reason: "BODY_NOT_ALLOWED" },
  { why: "GET with a raw body", call: { method: "GET", path: "/x", _rawBody: "x" }, reason: "BODY_NOT_ALLOWED" },
  {
    why: "GET with _rawBody inside body",
    call: { method: "GET", path: "/x", body: { _rawBody: "x" } },
    reason: "BODY_NOT_ALLOWED",
  },
  {
    why: "body and _rawBody together",
    call: { method: "POST", path: "/x", body: { a: 1 }, _rawBody: "x" },
    reason: "BODY_CONFLICT",
  },
  {
    why: "_rawBody next to other keys inside body is never silently dropped",
    call: { method: "POST", path: "/x", body: { _rawBody: "x", a: 1 } },
    reason: "BODY_CONFLICT",
    message: "(a)",
  },
  {
    why: "_rawBody both at top level and inside body",
    call: { method: "POST", path: "/x", _rawBody: "x", body: { _rawBody: "y" } },
    reason: "BODY_CONFLICT",
  },
  {
    why: "two different _contentType values",
    call: { method: "POST", path: "/x", _contentType: "text/csv", body: { _rawBody: "y", _contentType: "text/xml" } },
    reason: "BODY_CONFLICT",
  },
  {
    why: "_rawBody inside body must be a string",
    call: { method: "POST", path: "/x", body: { _rawBody: 42 } },
    reason: "INVALID_INPUT",
    message: "body._rawBody",
  },
  {
    why: "_contentType without any body",
    call: { method: "POST", path: "/x", _contentType: "text/csv" },
    reason: "CONTENT_TYPE_WITHOUT_BODY",
  },
  {
    why: "_contentType alone inside body leaves no body",
    call: { method: "POST", path: "/x", body: { _contentType: "text/csv" } },
    reason: "CONTENT_TYPE_WITHOUT_BODY",
  },
  {
    why: "_contentType that is not a media type",
    call: { method: "POST", path: "/x", _rawBody: "x", _contentType: "xml" },
    reason: "INVALID_CONTENT_TYPE",
    message: "application/xml",
  },
  {
    why: "_contentType with CR LF (header injection)",
    call: { method: "POST", path: "/x", _rawBody: "x", _contentType: "text/plain\r\nx-evil: 1" },
    reason: "INVALID_CONTENT_TYPE",
  },
  {
    why: "absolute URL to the base: the message gives the relative path",
    call: get(`${BASE}/users`),
    reason: "ABSOLUTE_URL",
    message: 'pass "/users" instead of',
  },
  {
    why: "absolute URL to another origin",
    call: get("http://127.0.0.2:8080/v1/users"),
    reason: "ABSOLUTE_URL",
    message: "only calls that API",
  },
  {
    why: "absolute URL to the base with only a query: the relative path keeps the query",
    call: get(`${BASE}?page=2`),
    reason: "ABSOLUTE_URL",
    message: 'pass "/?page=2" instead of',
  },
  {
    why: "absolute URL to the base itself: the relative path is /",
    call: get(BASE),
    reason: "ABSOLUTE_URL",
    message: 'pass "/" instead of',
  },
  {
    why: "absolute URL to a sibling of the base path (/v10) is not under the base",
    call: get("http://127.0.0.1:8080/v10/users"),
    reason: "ABSOLUTE_URL",
    message: "only calls that API",
  },
  {
    why: "user info before a trailing slash",
    call: get("user@evil.example/"),
    reason: "USERINFO",
    message: 'start the path with "/"',
  },
  { why: "upper-case scheme", call: get("HTTP://127.0.0.2/x"), reason: "ABSOLUTE_URL" },
  { why: "a non-http scheme", call: get("javascript:alert(1)"), reason: "ABSOLUTE_URL" },
  {
    why: "a colon in the first segment without a leading slash reads as a scheme",
    call: get("users:batch"),
    reason: "ABSOLUTE_URL",
    message: 'start it with "/"',
  },
  { why: "scheme-relative //host", call: get("//127.0.0.2/x"), reason: "SCHEME_RELATIVE" },
  { why: "three slashes are scheme-relative too", call: get("///127.0.0.2"), reason: "SCHEME_RELATIVE" },
  { why: "a leading backslash (browsers read \\ as /)", call: get("\\\\127.0.0.2/x"), reason: "BACKSLASH" },
  { why: "a backslash inside the path", call: get("/a\\b"), reason: "BACKSLASH" },
  { why: "slash-backslash is another scheme-relative spelling", call: get("/\\127.0.0.2/x"), reason: "BACKSLASH" },
  { why: "a .. segment", call: get("/../admin"), reason: "DOT_SEGMENT" },
  { why: "a bare ..", call: get(".."), reason: "DOT_SEGMENT" },
  { why: "a trailing ..", call: get("/a/.."), reason: "DOT_SEGMENT" },
  { why: "a . segment", call: get("/a/./b"), reason: "DOT_SEGMENT" },
  { why: "%2e%2e is a .. segment", call: get("/%2e%2e/admin"), reason: "DOT_SEGMENT" },
  { why: "%2E. mixed case", call: get("/a/%2E./b"), reason: "DOT_SEGMENT" },
  { why: ".%2e", call: get("/.%2e/b"), reason: "DOT_SEGMENT" },
  { why: "%2e alone is a . segment", call: get("/%2e/b"), reason: "DOT_SEGMENT" },
  { why: ".. before a query string", call: get("/a/..?x=1"), reason: "DOT_SEGMENT" },
  {
    why: "..; is a .. segment to Tomcat/Jetty, which drop ;params",
    call: get("/..;/admin/users"),
    reason: "DOT_SEGMENT",
  },
  { why: "%2e%2e%3b: ..; with the ; encoded", call: get("/%2e%2e%3b/admin"), reason: "DOT_SEGMENT" },
  {
    why: "%252e%252e: servers that decode twice read ..",
    call: get("/%252e%252e/admin"),
    reason: "DOT_SEGMENT",
    message: "api.allowAmbiguousPathEncodings",
  },
  { why: "overlong UTF-8 %c0%ae%c0%ae", call: get("/%c0%ae%c0%ae/admin"), reason: "DOT_SEGMENT" },
  { why: "full-width full stops U+FF0E", call: get("/\uFF0E\uFF0E/admin"), reason: "DOT_SEGMENT" },
  { why: "one dot leaders U+2024", call: get("/\u2024\u2024/admin"), reason: "DOT_SEGMENT" },
  { why: "a two dot leader U+2025", call: get("/\u2025/admin"), reason: "DOT_SEGMENT" },
  { why: "a full-width solidus U+FF0F", call: get("/..\uFF0Fadmin"), reason: "ENCODED_SEPARATOR" },
  { why: "a full-width reverse solidus U+FF3C", call: get("/..\uFF3Cadmin"), reason: "ENCODED_SEPARATOR" },
  { why: "..;params in a later segment", call: get("/x/..;/..;/admin"), reason: "DOT_SEGMENT" },
  { why: ".;x is a . segment with a parameter", call: get("/a/.;x/b"), reason: "DOT_SEGMENT" },
  { why: "%2e%2e;x is an encoded .. with a parameter", call: get("/a/%2e%2e;x/b"), reason: "DOT_SEGMENT" },
  { why: "%2f in the path part", call: get("/a%2fb"), reason: "ENCODED_SEPARATOR" },
  { why: "%2F..%2F traversal", call: get("/a%2F..%2Fadmin"), reason: "ENCODED_SEPARATOR" },
  { why: "%5c in the path part", call: get("/a%5Cb"), reason: "ENCODED_SEPARATOR" },
  { why: "a fragment", call: get("/a#b"), reason: "FRAGMENT", message: "%23" },
  { why: "a fragment after a query", call: get("/a?x=1#y"), reason: "FRAGMENT" },
  { why: "@ before the first slash (user info)", call: get("evil@127.0.0.2/x"), reason: "USERINFO" },
  { why: "a NUL character", call: get("/a\u0000b"), reason: "CONTROL_CHARACTER" },
  { why: "a line feed", call: get("/a\nb"), reason: "CONTROL_CHARACTER" },
  { why: "DEL", call: get("/a\u007fb"), reason: "CONTROL_CHARACTER" },
  { why: "encoded NUL in the path part", call: get("/a%00b"), reason: "CONTROL_CHARACTER" },
  {
    why: "encoded CR LF in the path part (request splitting)",
    call: get("/a%0d%0aHost:x"),
    reason: "CONTROL_CHARACTER",
  },
  { why: "a space", call: get("/a b"), reason: "WHITESPACE", message: "%20" },
  { why: "leading whitespace", call: get(" /users"), reason: "WHITESPACE" },
  { why: "trailing whitespace", call: get("/users "), reason: "WHITESPACE" },
  { why: "a no-break space", call: get("/a\u00a0b"), reason: "WHITESPACE" },
  { why: "a space in the path's query", call: get("/a?q=x y"), reason: "WHITESPACE" },
  { why: "a lone %", call: get("/100%"), reason: "INVALID_PERCENT_ENCODING", message: "%25" },
  { why: "% with non-hex digits", call: get("/a%zz"), reason: "INVALID_PERCENT_ENCODING" },
  { why: "a lone % in the path's query", call: get("/a?q=50%"), reason: "INVALID_PERCENT_ENCODING" },
  {
    why: "query names the auth parameter",
    auth: "query",
    call: { method: "GET", path: "/x", query: { api_key: "mine" } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
    message: '"api_key"',
  },
  {
    why: "the path's query names the auth parameter",
    auth: "query",
    call: get("/x?api_key=mine"),
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "the auth parameter in another case",
    auth: "query",
    call: { method: "GET", path: "/x", query: { API_KEY: "mine" } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "the auth parameter percent-encoded in the path's query",
    auth: "query",
    call: get("/x?api%5Fkey=mine"),
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "a ; separator in the path's query (some stacks split on ;)",
    auth: "query",
    call: get("/echo?x=1;api_key=attacker"),
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "a ; inside a query name",
    auth: "query",
    call: { method: "GET", path: "/x", query: { "x;api_key": "attacker" } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "an array suffix []",
    auth: "query",
    call: { method: "GET", path: "/x", query: { "api_key[]": "attacker" } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "an array suffix [] in the path's query, encoded",
    auth: "query",
    call: get("/x?api_key%5B%5D=attacker"),
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "a . read as _ (PHP)",
    auth: "query",
    call: { method: "GET", path: "/x", query: { "api.key": "attacker" } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "a space read as _ (PHP)",
    auth: "query",
    call: get("/x?api+key=attacker"),
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  { why: "a trailing NUL", auth: "query", call: get("/x?api_key%00=attacker"), reason: "QUERY_CONFLICTS_WITH_AUTH" },
  {
    why: "a trailing NUL in a query name, upper case",
    auth: "query",
    call: { method: "GET", path: "/x", query: { "API_KEY\u0000": "attacker" } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "the agent guessing the exact key is still refused",
    auth: "query",
    call: { method: "GET", path: "/x", query: { api_key: KEY } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  {
    why: "the auth parameter with a null value is still named",
    auth: "query",
    call: { method: "GET", path: "/x", query: { api_key: [] } },
    reason: "QUERY_CONFLICTS_WITH_AUTH",
  },
  // Found by mutation testing (`pnpm mutation`): the checks of the whole path (query included) and the fix each message names.
  {
    why: "a backslash in the path's query",
    call: get("/a?q=x\\y"),
    reason: "BACKSLASH",
    message: 'path "/a?q=x\\\\y" contains a backslash; use "/" between segments',
  },
  {
    why: "a raw control character, named with the fix",
    call: get("/a\u0001b"),
    reason: "CONTROL_CHARACTER",
    message: "contains a control character; remove it",
  },
  {
    why: "an encoded control character, named with the fix",
    call: get("/a%7fb"),
    reason: "CONTROL_CHARACTER",
    message: "encodes a control character (%00-%1f, %7f) in its path part; remove it",
  },
  {
    why: "an encoded separator, named with the fix",
    call: get("/a%2Fb"),
    reason: "ENCODED_SEPARATOR",
    message: 'encodes a "/" or "\\" ("%2f", "%5c") in its path part; use real "/" between segments',
  },
  {
    why: "// names the base URL to stay under",
    call: get("//127.0.0.2/x"),
    reason: "SCHEME_RELATIVE",
    message:
      'starts with "//", which names another host; pass a path relative to the API base URL "http://127.0.0.1:8080/v1", such as "/users"',
  },
  {
    why: "an absolute URL elsewhere names the base URL",
    call: get("http://127.0.0.2/v1/x"),
    reason: "ABSOLUTE_URL",
    message: 'is not relative to the API base URL "http://127.0.0.1:8080/v1"; this tool only calls that API',
  },
  {
    why: "an empty query name",
    call: { method: "GET", path: "/x", query: { "": "v" } },
    reason: "INVALID_INPUT",
    message: "query: parameter names must not be empty",
  },
];

describe("buildRequest: accepted calls", () => {
  it.each(accepted)("$why", async (row) => {
    const request = await build(row.call, row.auth ?? "bearer", row.base ?? BASE);
    if (row.url !== undefined) expect(request.url).toBe(row.url);
    if (row.method !== undefined) expect(request.method).toBe(row.method);
    for (const [name, value] of Object.entries(row.headers ?? {})) expect(request.headers[name], name).toBe(value);
    if (row.body === null) expect(request.body).toBeUndefined();
    else if (row.body !== undefined) expect(request.body).toBe(row.body);
    for (const name of Object.keys(request.headers)) expect(name).toBe(name.toLowerCase());
  });
});

describe("buildRequest: rejected calls", () => {
  it.each(rejected)("$reason: $why", async (row) => {
    let caught: unknown;
    try {
      await build(row.call, row.auth ?? "bearer");
    } catch (error) {
      caught = error;
    }
    expect(InvalidCallError.isInstance(caught), String(caught)).toBe(true);
    const error = caught as InvalidCallError;
    expect(error.code).toBe("INVALID_CALL");
    expect(error.reason).toBe(row.reason);
    if (row.message !== undefined) expect(error.message).toContain(row.message);
  });
});

it("every rejection reason an agent call can get has a row that produces it", () => {
  const builderReasons = Object.values(INVALID_CALL_REASONS).filter(
    (reason) => !reasonsTestedOutsideTheTable.has(reason),
  );
  expect([...new Set(rejected.map((row) => row.reason))].sort()).toEqual(builderReasons.sort());
});

describe("buildRequest: the credential stays under the base URL", () => {
  const bases = [
    "http://127.0.0.1:8080/v1",
    "http://127.0.0.1:8080/v1/",
    "http://127.0.0.1:8080",
    "http://127.0.0.1:9/api/v2/t",
  ];
  const pieces = [
    "/",
    "a",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2f",
    "%5c",
    "\\",
    "@",
    ":",
    "?",
    "#",
    "//",
    "%",
    "%41",
    "x=1",
    "&",
    "é",
    " ",
    "http:",
    "127.0.0.2",
    "~",
    "%00",
  ];

  /** Paths of random pieces, the same on every run, so a failure is reproducible. */
  function* generatedPaths(count: number): Generator<string> {
    const next = seededRandom(20250101);
    for (let index = 0; index < count; index += 1) {
      let path = "";
      const length = 1 + next(7);
      for (let part = 0; part < length; part += 1) path += pieces[next(pieces.length)];
      yield path;
    }
  }

  it("every accepted path gives a URL with the base origin and under the base path", async () => {
    let acceptedCount = 0;
    let rejectedCount = 0;
    for (const base of bases) {
      const baseUrl = new URL(base);
      const basePath = baseUrl.pathname.replace(/\/$/, "");
      for (const authName of ["bearer", "query"] as const) {
        for (const path of generatedPaths(1500)) {
          let url: URL;
          try {
            url = new URL((await build({ method: "GET", path }, authName, base)).url);
          } catch (error) {
            expect(InvalidCallError.isInstance(error), `${path}: ${String(error)}`).toBe(true);
            rejectedCount += 1;
            continue;
          }
          acceptedCount += 1;
          expect(url.origin, path).toBe(baseUrl.origin);
          expect(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`), `${path} -> ${url.href}`).toBe(
            true,
          );
          expect(url.username + url.password + url.hash, path).toBe("");
        }
      }
    }
    // Both branches are exercised, so the property is not vacuous.
    expect(acceptedCount).toBeGreaterThan(1000);
    expect(rejectedCount).toBeGreaterThan(1000);
  }, 120_000); // thousands of builds, each now awaiting the plugin: slow on a busy machine, a correctness check, not a speed target

  it("a plugin that moves the URL elsewhere is stopped (defence in depth)", async () => {
    const rogue = defineAuthPluginV2({
      ...bearerPlugin,
      authorize: async (request, context) => {
        await bearerPlugin.authorize(request, context);
        request.url.pathname = "/other";
      },
    });
    await expect(async () => build({ method: "GET", path: "/users" }, "bearer", BASE, rogue)).rejects.toThrow(
      expect.objectContaining({ reason: "OUTSIDE_BASE_URL" }),
    );
    const otherHost = defineAuthPluginV2({
      ...bearerPlugin,
      authorize: (request) => Promise.resolve(void (request.url.host = "127.0.0.2")),
    });
    await expect(async () => build({ method: "GET", path: "/users" }, "bearer", BASE, otherHost)).rejects.toThrow(
      expect.objectContaining({ reason: "OUTSIDE_BASE_URL" }),
    );
  });

  it("detects the auth parameter of any plugin, not only one named queryParam", async () => {
    const custom = defineAuthPluginV2({
      specificationVersion: "v2",
      type: "signed",
      description: "sig and ts in the query",
      configSchema: z.object({}),
      credentialSchema: z.object({ key: z.string().meta({ label: "Key" }) }),
      placement: () => ({ headers: [], query: ["sig"] }),
      authorize: (request, { credential }) =>
        Promise.resolve(request.url.searchParams.set("sig", `${credential.key}-signed`)),
      secretValues: (credential) => [credential.key],
      describePlacement: () => "query parameter sig",
    });
    const source = sourceFor("bearer");
    const call = { method: "GET", path: "/x", query: { sig: "forged" } };
    await expect(async () => buildRequest({ source, call, credential: { key: "K" }, plugin: custom })).rejects.toThrow(
      expect.objectContaining({ reason: "QUERY_CONFLICTS_WITH_AUTH" }),
    );
    expect(
      (
        await buildRequest({
          source,
          call: { method: "GET", path: "/x", query: { page: 2 } },
          credential: { key: "K" },
          plugin: custom,
        })
      ).url,
    ).toBe(`${BASE}/x?page=2&sig=K-signed`);
  });
});

describe("buildRequest: secrets", () => {
  it("lists every secret of the plugin, without empty values", async () => {
    expect((await build(get("/me"), "bearer")).secrets).toEqual([TOKEN]);
    expect((await build(get("/me"), "basic")).secrets).toEqual([
      USER.password,
      basicValue,
      basicValue.slice("Basic ".length),
    ]);
    const empty = await buildRequest({
      source: sourceFor("basic"),
      call: get("/me"),
      credential: { username: "u", password: "" },
      plugin: basicPlugin,
    });
    expect(empty.secrets).not.toContain("");
    expect(empty.secrets).toContain(Buffer.from("u:").toString("base64"));
  });

  it("never puts the key in an error, even when the agent typed it", async () => {
    const errors: unknown[] = [];
    for (const call of [
      { method: "GET", path: "/x", query: { api_key: KEY } },
      get(`http://127.0.0.2/steal?key=${encodeURIComponent(KEY)}`),
      get(`/x#${encodeURIComponent(KEY)}`),
    ]) {
      try {
        await build(call, "query");
      } catch (error) {
        errors.push(error);
      }
    }
    expect(errors).toHaveLength(3);
    for (const error of errors) {
      const shown = `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 5 })}`;
      expect(shown).not.toContain(KEY);
      expect(shown).not.toContain(encodeURIComponent(KEY));
    }
    expect(String(errors[1])).toContain("[REDACTED]");
  });

  it("reports an invalid credential without its value", async () => {
    let caught: unknown;
    try {
      await buildRequest({
        source: sourceFor("bearer"),
        call: get("/me"),
        credential: { token: "line\nbreak-secret" },
        plugin: bearerPlugin,
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidCredentialError);
    expect(`${String(caught)} ${inspect(caught, { depth: 5 })} ${JSON.stringify(caught)}`).not.toContain(
      "break-secret",
    );
  });
});

describe("api.allowAmbiguousPathEncodings", () => {
  it.each(["/%252e%252e/admin", "/%c0%ae%c0%ae/admin", "/\uFF0E\uFF0E/admin", "/..\uFF0Fadmin"])(
    "lets %s through when the source allows it",
    async (path) => {
      const source = sourceFor("bearer");
      source.api.allowAmbiguousPathEncodings = true;
      const built = await buildRequest({
        source,
        call: { method: "GET", path },
        credential: auth.bearer.credential,
        plugin: bearerPlugin,
      });
      expect(built.url.startsWith(`${BASE}/`)).toBe(true);
    },
  );
});
