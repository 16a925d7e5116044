import { describe, expect, it } from "vitest";
import { documentOf } from "../../test/documents";
import { buildOperationIndex } from "../index/build-operation-index";
import { createOperationCatalog } from "./create-operation-catalog";

const document = documentOf("Repos", {
  servers: [{ url: "https://api.example.com/v3" }],
  paths: {
    "/repos/{owner}/{repo}": {
      get: { operationId: "repos/get", tags: ["repos"], responses: { 200: { description: "ok" } } },
      delete: { operationId: "repos/delete", tags: ["repos"], responses: { 204: { description: "gone" } } },
    },
    "/repos/{owner}/{repo}/issues": {
      post: { operationId: "issues/create", tags: ["issues"], responses: { 201: { description: "made" } } },
    },
  },
});

describe("catalog.match: the operation a call reaches", () => {
  const catalog = createOperationCatalog(
    buildOperationIndex(document, { documentSha256: "0".repeat(64), writtenIn: "openapi.json" }),
  );
  const baseUrl = "https://api.example.com/v3";

  it.each([
    { why: "a templated path", method: "DELETE", path: "/repos/a/b", id: "repos/delete" },
    { why: "method in any case", method: "delete", path: "/repos/a/b", id: "repos/delete" },
    { why: "HEAD reaches the GET operation", method: "HEAD", path: "/repos/a/b", id: "repos/get" },
    {
      why: "a trailing slash and a query are ignored",
      method: "POST",
      path: "/repos/a/b/issues/?x=1",
      id: "issues/create",
    },
    { why: "another case is not the same operation by default", method: "DELETE", path: "/REPOS/a/b", id: undefined },
    { why: "no operation", method: "PUT", path: "/repos/a/b", id: undefined },
    { why: "an encoded slash is not one segment", method: "DELETE", path: "/repos/a%2Fb/c", id: undefined },
    { why: "an empty segment fills no parameter", method: "DELETE", path: "/repos//b", id: undefined },
  ])("$why", ({ method, path, id }) => {
    expect(catalog.match(method, path, baseUrl)?.operationId).toBe(id);
  });

  it("matches literal segments in any case with ignoreCase (how deny rules read a path)", () => {
    expect(catalog.match("DELETE", "/REPOS/a/b", baseUrl, { ignoreCase: true })?.operationId).toBe("repos/delete");
  });

  it("lines up a base URL without the document's server path (`/v3`)", () => {
    expect(catalog.match("DELETE", "/v3/repos/a/b", "https://api.example.com")?.operationId).toBe("repos/delete");
    expect(catalog.match("DELETE", "/v4/repos/a/b", "https://api.example.com")).toBeUndefined();
  });

  it("says when letter case can change a match: an upper-case letter in the path or in the document's literals", () => {
    expect(catalog.caseCanMatter("/repos/a/b")).toBe(false);
    expect(catalog.caseCanMatter("/Repos/a/b")).toBe(true);
    const mixed = createOperationCatalog(
      buildOperationIndex(
        { ...document, paths: { "/Repos/{owner}.JSON": { get: { responses: { 200: { description: "ok" } } } } } },
        { documentSha256: "1".repeat(64), writtenIn: "openapi.json" },
      ),
    );
    expect(mixed.caseCanMatter("/repos/a.json")).toBe(true);
    expect(mixed.match("GET", "/repos/a.json", baseUrl, { ignoreCase: true })).toBeDefined();
    expect(mixed.match("GET", "/repos/a.json", baseUrl)).toBeUndefined();
  });
});
