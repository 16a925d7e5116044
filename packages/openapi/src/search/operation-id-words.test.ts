import { describe, expect, it } from "vitest";
import { documentOf, writeDocument } from "../../test/documents";
import { createOperationCatalog } from "../catalog/create-operation-catalog";
import type { IndexedOperation } from "../index/operation-index";
import { readOperationIndex } from "../index/read-operation-index";
import { operationIdWords } from "./operation-id-words";

const operation = (operationId: string, path: string, summary: string): IndexedOperation =>
  ({
    operationId,
    path,
    summary,
    description: "",
    method: "PUT",
    tags: [],
    parameters: [],
  }) as unknown as IndexedOperation;

describe("operationIdWords", () => {
  it("splits an id at its separators and case changes", () => {
    expect(operationIdWords(operation("repos/list-for-org", "/orgs/{org}/repos", "List repositories"))).toBe(
      "repos list for org",
    );
    expect(operationIdWords(operation("listForRepo", "/repos", "List"))).toBe("list For Repo");
  });

  it("splits an id written as one lower-case run into the words of its own summary and path", () => {
    const spendLimit = operation(
      "Updateprojectspendlimit",
      "/organization/projects/{project_id}/spend_limit",
      "Create or replace a project's hard spend limit.",
    );
    expect(operationIdWords(spendLimit)).toBe("update project spend limit");
    expect(
      operationIdWords(operation("Getinputtokencounts", "/responses/input_tokens", "Returns input token counts.")),
    ).toBe("get input token counts");
  });

  it("keeps a run it cannot spell with the operation's words, and a short one, as it is", () => {
    expect(operationIdWords(operation("Frobnicatewidget", "/widgets", "Frobnicate a thing"))).toBe("Frobnicatewidget");
    expect(operationIdWords(operation("Getusers", "/users", "Get users"))).toBe("Getusers");
  });

  it("is how the search index reads the id: a query for the run's words finds it by its name", async () => {
    const answer = (summary: string) => ({ summary, responses: { "200": { description: "ok" } } });
    const document = documentOf("Limits", {
      paths: {
        "/project/rate_limits": {
          post: { operationId: "update-project-rate-limits", ...answer("Update a project's rate limits") },
        },
        "/project/hard_cap": {
          post: { operationId: "Updateprojectspendlimit", ...answer("Replace a project's hard spend limit") },
        },
        "/project/spend_alert": {
          post: { operationId: "update-project-spend-alert", ...answer("Update a project's spend alert") },
        },
      },
    });
    const catalog = createOperationCatalog(await readOperationIndex({ documentFile: await writeDocument(document) }));
    expect(catalog.search({ query: "update project spend limit" }).operations[0]?.operationId).toBe(
      "Updateprojectspendlimit",
    );
  });
});
