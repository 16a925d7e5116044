import { beforeAll, describe, expect, it } from "vitest";
import { copyDocument, githubDocumentFile, rulesDocument, writeDocument } from "../../test/documents";
import { createOperationCatalog, type OperationCatalog } from "../catalog/create-operation-catalog";
import { readOperationIndex } from "../index/read-operation-index";
import { CUT_MARKER } from "./bound-schema";
import { maxOperationAnswerBytes } from "./describe-operation";

let github: OperationCatalog;
let rules: OperationCatalog;
beforeAll(async () => {
  github = createOperationCatalog(await readOperationIndex({ documentFile: await copyDocument(githubDocumentFile) }));
  rules = createOperationCatalog(await readOperationIndex({ documentFile: await writeDocument(rulesDocument) }));
}, 120_000);

describe("describing one operation", () => {
  it("gives parameters, the resolved body schema, the response in brief and a ready-to-fill call", () => {
    const detail = rules.describe("createItem");
    expect(detail).toMatchObject({
      operationId: "createItem",
      method: "POST",
      path: "/items",
      required: ["body"],
      requestBody: {
        required: true,
        mediaTypes: ["application/json"],
        schema: { type: "object", required: ["name", "kind"], properties: { kind: { enum: ["book", "disc"] } } },
      },
      exampleCall: { method: "POST", path: "/items", body: { name: "<name>", kind: "book" } },
    });
    expect(rules.describe("getItem")?.exampleCall).toEqual({ method: "GET", path: "/items/<itemId>" });
    expect(rules.describe("searchItems")?.exampleCall).toEqual({
      method: "GET",
      path: "/items/search",
      query: { q: "<q>" },
    });
    expect(rules.describe("listItems")?.response).toMatchObject({
      status: "200",
      mediaType: "application/json",
      schema: { type: "array" },
    });
  });

  it("cuts a recursive schema with a marker", () => {
    const text = JSON.stringify(rules.describe("createTree"));
    expect(text).toContain(CUT_MARKER);
    expect(text).toContain("recursive: the same shape as Node above");
  });

  it("answers undefined for an unknown operationId", () => {
    expect(rules.describe("nope")).toBeUndefined();
  });

  it("keeps every operation of GitHub's document under 16 KB, cutting large schemas with a marker", () => {
    let cut = 0;
    for (const operation of github.index.operations) {
      const text = JSON.stringify(github.describe(operation.operationId));
      expect(Buffer.byteLength(text), operation.operationId).toBeLessThanOrEqual(maxOperationAnswerBytes);
      if (text.includes(CUT_MARKER)) cut += 1;
    }
    expect(cut).toBeGreaterThan(10);
  });

  it("describes GitHub's issues/create with its example call", () => {
    const detail = github.describe("issues/create");
    expect(detail?.exampleCall).toEqual({
      method: "POST",
      path: "/repos/<owner>/<repo>/issues",
      body: { title: "<title>" },
    });
    expect(detail?.parameters.map((parameter) => parameter.name)).toEqual(["owner", "repo"]);
  });

  it("suggests a select for a large list response: a few fields of each item, of a top-level array or of a list's envelope", () => {
    expect(github.describe("issues/list-for-repo")?.suggestedSelect).toEqual({
      select: "[].{id: id, number: number, title: title, state: state, html_url: html_url, url: url}",
      keeps: "6 of the 40 fields of each item; pass it as select, or name the fields you need",
    });
    expect(github.describe("search/issues-and-pull-requests")?.suggestedSelect?.select).toMatch(
      /^items\[\]\.\{id: id, number: number, title: title/,
    );
    expect(github.describe("actions/list-workflow-runs-for-repo")?.suggestedSelect?.select).toMatch(
      /^workflow_runs\[\]\.\{id: id/,
    );
    expect(github.describe("issues/create")?.suggestedSelect).toBeUndefined();
    expect(rules.describe("listItems")?.suggestedSelect).toBeUndefined();
  });
});
