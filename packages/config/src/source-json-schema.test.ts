import { defineAuthPlugin } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildSourceJsonSchema } from "./source-json-schema";

const builtInPlugins = [createBearerAuth(), createHeaderAuth(), createQueryAuth(), createBasicAuth()];

type ApiSchema = { properties: Record<string, { pattern?: string; description?: string }>; allOf: { if: { properties: { authType: { const: string } } }; then: { required: string[] } }[] };

describe("buildSourceJsonSchema", () => {
  it("covers a team's own plugin: its type, its fields, and their requirement", () => {
    const signed = defineAuthPlugin({
      specificationVersion: "v1",
      type: "signed",
      description: "signs requests",
      configSchema: z.object({ keyId: z.string().regex(/^k-[0-9]+$/).describe("The key id sent with each signature.") }),
      credentialSchema: z.object({ secret: z.string() }),
      credentialFields: [{ name: "secret", label: "Secret", secret: true }],
      apply: () => undefined,
      secretValues: (credential) => [credential.secret],
      describePlacement: () => "X-Signature header",
    });
    const schema = buildSourceJsonSchema({ plugins: [...builtInPlugins, signed] }) as { properties: { api: ApiSchema & { properties: { authType: { anyOf: { enum?: string[] }[] } } } } };
    const api = schema.properties.api;
    expect(api.properties.keyId?.description).toBe("The key id sent with each signature.");
    expect(api.properties.keyId?.pattern).toBe("^k-[0-9]+$");
    expect(api.allOf.at(-1)).toEqual({ if: { properties: { authType: { const: "signed" } }, required: ["authType"] }, then: { required: ["keyId"] } });
    expect(api.properties.authType.anyOf[0]?.enum).toContain("signed");
  });
});
