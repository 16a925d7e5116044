import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { buildSourceJsonSchema, renderSourceJsonSchema } from "./source-json-schema";

describe("schema/source.schema.json", () => {
  it("is in sync with the zod schema", async () => {
    const committed = await readFile(new URL("../schema/source.schema.json", import.meta.url), "utf8");
    expect(
      committed === renderSourceJsonSchema(),
      "schema/source.schema.json is out of date: run `npx tsx --conditions=@src/source scripts/generate-json-schema.ts` in packages/config (or `pnpm generate:schema`) and commit the result",
    ).toBe(true);
  });

  it("requires the operator fields only, and headerName / queryParam for their modes", () => {
    const schema = buildSourceJsonSchema() as {
      required: string[];
      properties: { api: { properties: Record<string, unknown>; allOf: { if: unknown; then: { required: string[] } }[] } };
    };
    expect(schema.required).toEqual(["type", "name", "slug", "enabled", "api"]);
    expect(Object.keys(schema.properties.api.properties)).toEqual(expect.arrayContaining(["headerName", "queryParam"]));
    expect(schema.properties.api.allOf.map((rule) => rule.then.required)).toEqual([["headerName"], ["queryParam"]]);
  });
});
