import { readFile } from "node:fs/promises";
import { buildSourceJsonSchema } from "@src/config";
import { describe, expect, it } from "vitest";
import { defaultAuthPlugins, defaultAuthTypes } from "./default-auth-plugins";
import { renderDefaultSourceJsonSchema } from "./default-source-json-schema";

type FieldSchema = { type?: string; pattern?: string; description?: string };
type ApiSchema = {
  properties: Record<string, FieldSchema> & { authType: { anyOf: { enum?: string[]; pattern?: string }[] } };
  allOf: { if: { properties: { authType: { const: string } } }; then: { required: string[] } }[];
};

describe("@src/config's schema/source.schema.json", () => {
  it("is in sync with the zod schema and the built-in plugins", async () => {
    const committed = await readFile(new URL("../../config/schema/source.schema.json", import.meta.url), "utf8");
    expect(
      committed === renderDefaultSourceJsonSchema(),
      "packages/config/schema/source.schema.json is out of date: run `pnpm generate:schema` in packages/auth-presets and commit the result",
    ).toBe(true);
  });

  it("requires the operator fields only, and each built-in mode's own fields for its mode, with the plugin's own pattern", () => {
    const schema = buildSourceJsonSchema({ plugins: defaultAuthPlugins() }) as {
      required: string[];
      properties: { api: ApiSchema };
    };
    expect(schema.required).toEqual(["type", "name", "slug", "enabled", "api"]);
    const api = schema.properties.api;
    expect(api.properties.authType.anyOf[0]?.enum).toEqual([...defaultAuthTypes]);
    const headerName = api.properties.headerName;
    // The RFC 9110 token of @src/auth-header's headerNameSchema, exactly, so an editor rejects what the service rejects.
    expect(headerName?.pattern).toBe("^[!#$%&'*+\\-.^_`|~0-9A-Za-z]+$");
    const headerNamePattern = new RegExp(headerName?.pattern ?? "(?!)");
    expect(["X-Api-Key", "x_key", "Api.Key~1"].filter((name) => headerNamePattern.test(name))).toEqual([
      "X-Api-Key",
      "x_key",
      "Api.Key~1",
    ]);
    expect(["X Api", "X:Key", "", "Ключ", "X-Key\r\n"].filter((name) => headerNamePattern.test(name))).toEqual([]);
    expect(headerName?.description).toMatch(/^Name of the HTTP header that carries the key/);
    expect(api.properties.queryParam?.type).toBe("string");
    expect(api.allOf.map((rule) => [rule.if.properties.authType.const, rule.then.required])).toEqual([
      ["header", ["headerName"]],
      ["query", ["queryParam"]],
      ["aws-sigv4", ["region", "service"]],
      ["multi-header", ["headerNames"]],
    ]);
    // OAuth 2.0 needs tokenUrl or issuer (discovery): the service checks that; the schema requires neither.
    expect(Object.keys(api.properties)).toEqual(
      expect.arrayContaining([
        "issuer",
        "tokenUrl",
        "authorizationUrl",
        "deviceAuthorizationUrl",
        "revocationUrl",
        "authorizationParams",
        "grant",
        "scopes",
        "audience",
        "resource",
        "clientAuth",
      ]),
    );
  });
});
