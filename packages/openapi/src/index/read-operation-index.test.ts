import { readFile, stat, writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { rulesDocument, writeDocument } from "../../test/documents";
import { OPENAPI_ERROR_CODES } from "../errors/openapi-error";
import { operationIndexFileOf, readOperationIndex } from "./read-operation-index";

describe("readOperationIndex", () => {
  it("builds the index once, caches it next to the document, and reads the cache while the document is unchanged", async () => {
    const documentFile = await writeDocument(rulesDocument);
    const first = await readOperationIndex({ documentFile });
    expect(first.title).toBe("Rules API");
    expect(first.operations.map((operation) => operation.operationId)).toContain("createItem");
    const cacheFile = operationIndexFileOf(documentFile);
    // Mark the cache: a second read that returns the mark came from the cache, not from the document.
    const cached = JSON.parse(await readFile(cacheFile, "utf8")) as { title: string };
    await writeFile(cacheFile, JSON.stringify({ ...cached, title: "from the cache" }));
    const modified = (await stat(cacheFile)).mtimeMs;
    expect((await readOperationIndex({ documentFile })).title).toBe("from the cache");
    expect((await stat(cacheFile)).mtimeMs).toBe(modified);
  });

  it("rebuilds the index when the document's bytes change", async () => {
    const documentFile = await writeDocument(rulesDocument);
    await readOperationIndex({ documentFile });
    await writeFile(documentFile, JSON.stringify({ ...rulesDocument, info: { title: "Changed", version: "2" } }));
    const index = await readOperationIndex({ documentFile });
    expect(index.title).toBe("Changed");
    expect(JSON.parse(await readFile(operationIndexFileOf(documentFile), "utf8"))).toMatchObject({ title: "Changed" });
  });

  it("rebuilds a damaged cache", async () => {
    const documentFile = await writeDocument(rulesDocument);
    await writeFile(operationIndexFileOf(documentFile), "{ not json");
    expect((await readOperationIndex({ documentFile })).title).toBe("Rules API");
  });

  it("keeps parameters of the path item and resolves parameter references", async () => {
    const index = await readOperationIndex({ documentFile: await writeDocument(rulesDocument) });
    const getItem = index.operations.find((operation) => operation.operationId === "getItem");
    expect(getItem?.parameters).toEqual([{ name: "itemId", in: "path", required: true, schema: { type: "integer" } }]);
    const listItems = index.operations.find((operation) => operation.operationId === "listItems");
    expect(listItems?.parameters.map((parameter) => parameter.name)).toEqual(["limit", "state"]);
    expect(index.servers).toEqual(["https://api.example.com/v1"]);
  });

  it("names a missing document", async () => {
    await expect(
      readOperationIndex({ documentFile: "/nonexistent/openapi.json", name: "openapi.json" }),
    ).rejects.toMatchObject({
      code: OPENAPI_ERROR_CODES.DOCUMENT_UNREADABLE,
      message: expect.stringContaining("openapi.json could not be read (ENOENT)"),
    });
  });
});
