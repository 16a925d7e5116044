import { readFile } from "node:fs/promises";
import { defineAuthPlugin } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createOAuth2Auth } from "@src/auth-oauth2";
import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildSourceJsonSchema, renderSourceJsonSchema } from "./source-json-schema";

const builtInPlugins = [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth(), createOAuth2Auth()];

type ApiSchema = { properties: Record<string, { pattern?: string; description?: string }>; allOf: { if: { properties: { authType: { const: string } } }; then: { required: string[] } }[] };

describe("schema/source.schema.json", () => {
  it("is in sync with the zod schema and the built-in plugins", async () => {
    const committed = await readFile(new URL("../schema/source.schema.json", import.meta.url), "utf8");
    expect(
      committed === renderSourceJsonSchema({ plugins: builtInPlugins }),
      "schema/source.schema.json is out of date: run `npx tsx --conditions=@src/source scripts/generate-json-schema.ts` in packages/config (or `pnpm generate:schema`) and commit the result",
    ).toBe(true);
  });

  it("requires the operator fields only, and each plugin's own fields for its mode, generated from its configSchema", () => {
    const schema = buildSourceJsonSchema({ plugins: builtInPlugins }) as { required: string[]; properties: { api: ApiSchema } };
    expect(schema.required).toEqual(["type", "name", "slug", "enabled", "api"]);
    const api = schema.properties.api;
    expect(api.properties.headerName?.pattern).toBeDefined();
    expect(Object.keys(api.properties)).toEqual(expect.arrayContaining(["headerName", "queryParam"]));
    expect(api.allOf.map((rule) => [rule.if.properties.authType.const, rule.then.required])).toEqual([
      ["header", ["headerName"]],
      ["query", ["queryParam"]],
      ["oauth2", ["tokenUrl"]],
    ]);
    expect(Object.keys(api.properties)).toEqual(expect.arrayContaining(["tokenUrl", "authorizationUrl", "grant", "scopes", "audience", "resource", "clientAuth"]));
  });

  it("covers a team's own plugin: its type, its fields, and their requirement", () => {
    const signed = defineAuthPlugin({
      specificationVersion: "v1",
      type: "signed",
      description: "signs requests",
      configSchema: z.object({ keyId: z.string().min(1).describe("The key id sent with each signature.") }),
      credentialSchema: z.object({ secret: z.string() }),
      credentialFields: [{ name: "secret", label: "Secret", secret: true }],
      apply: () => undefined,
      secretValues: (credential) => [credential.secret],
      describePlacement: () => "X-Signature header",
    });
    const schema = buildSourceJsonSchema({ plugins: [...builtInPlugins, signed] }) as { properties: { api: ApiSchema & { properties: { authType: { anyOf: { enum?: string[] }[] } } } } };
    const api = schema.properties.api;
    expect(api.properties.keyId?.description).toBe("The key id sent with each signature.");
    expect(api.allOf.at(-1)).toEqual({ if: { properties: { authType: { const: "signed" } }, required: ["authType"] }, then: { required: ["keyId"] } });
    expect(api.properties.authType.anyOf[0]?.enum).toContain("signed");
  });
});
