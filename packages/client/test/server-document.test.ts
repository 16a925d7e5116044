import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateTypes } from "../scripts/generate-types";
import { fetchServerDocument, formatDocument } from "../scripts/server-document";

const committedDocument = (): Promise<string> => readFile(new URL("../openapi.json", import.meta.url), "utf8");
const howToUpdate =
  "the client is out of date with the server's routes: run `pnpm build && pnpm --filter @src/client update-server-api`, then add a client method for any new route";

describe("the client's types come from the server's OpenAPI document", () => {
  it("openapi.json is the built server's /openapi.json (a route changed on one side only fails here)", async () => {
    const served = formatDocument(await fetchServerDocument());
    expect(served === (await committedDocument()), howToUpdate).toBe(true);
  });

  it("src/generated/server-api.ts is openapi-typescript's output for openapi.json", async () => {
    const generated = await readFile(new URL("../src/generated/server-api.ts", import.meta.url), "utf8");
    expect(generated === (await generateTypes(JSON.parse(await committedDocument()))), howToUpdate).toBe(true);
  });
});
