import { defineAuthPluginV2 } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildSourceJsonSchema } from "./source-json-schema";

const builtInPlugins = [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth()];

type ApiSchema = {
  properties: Record<string, { pattern?: string; description?: string }>;
  allOf: { if: { properties: { authType: { const: string } } }; then: { required: string[] } }[];
};

describe("buildSourceJsonSchema", () => {
  it("covers a team's own plugin: its type, its fields, and their requirement", () => {
    const signed = defineAuthPluginV2({
      specificationVersion: "v2",
      type: "signed",
      description: "signs requests",
      configSchema: z.object({
        keyId: z
          .string()
          .regex(/^k-[0-9]+$/)
          .meta({ label: "Key id", example: "k-1", description: "The key id sent with each signature." }),
      }),
      credentialSchema: z.object({ secret: z.string().meta({ label: "Secret" }) }),
      placement: () => ({ headers: ["x-signature"], query: [] }),
      authorize: () => Promise.resolve(),
      secretValues: (credential) => [credential.secret],
      describePlacement: () => "X-Signature header",
    });
    const schema = buildSourceJsonSchema({ plugins: [...builtInPlugins, signed] }) as {
      properties: { api: ApiSchema & { properties: { authType: { anyOf: { enum?: string[] }[] } } } };
    };
    const api = schema.properties.api;
    expect(api.properties.keyId?.description).toBe("The key id sent with each signature.");
    expect(api.properties.keyId?.pattern).toBe("^k-[0-9]+$");
    // The declaration in JSON Schema's own words: the label is the title, the example one of the examples; nothing else of it.
    expect(api.properties.keyId).toMatchObject({ title: "Key id", examples: ["k-1"] });
    expect(Object.keys(api.properties.keyId ?? {})).not.toContain("label");
    expect(api.allOf.at(-1)).toEqual({
      if: { properties: { authType: { const: "signed" } }, required: ["authType"] },
      then: { required: ["keyId"] },
    });
    expect(api.properties.authType.anyOf[0]?.enum).toContain("signed");
  });
});
