import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthRegistry } from "./auth-registry";
import { defineAuthPlugin } from "./auth-plugin";
import { AuthError } from "./errors/auth-error";
import { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";

const tokenPlugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "token",
  description: "token in X-Token",
  configSchema: z.object({}),
  credentialSchema: z.object({ token: z.string().min(1) }),
  credentialFields: [{ name: "token", label: "Token", secret: true }],
  apply: (request, { credential }) => request.headers.set("x-token", credential.token),
  secretValues: (credential) => [credential.token],
  describePlacement: () => "header X-Token",
});

describe("createAuthRegistry", () => {
  it("finds a registered plugin by type", () => {
    expect(createAuthRegistry([tokenPlugin]).get("token")).toBe(tokenPlugin);
  });

  it("names the registered types when the type is unknown", () => {
    const registry = createAuthRegistry([tokenPlugin]);
    expect(() => registry.get("oauth")).toThrow(UnknownAuthTypeError);
    expect(() => registry.get("oauth")).toThrow('api.authType: unknown auth type "oauth"; use one of: "token"');
  });

  it("refuses a type registered twice", () => {
    expect(() => createAuthRegistry([tokenPlugin, tokenPlugin])).toThrow(/registered twice/);
  });

  it("reports an invalid credential without its value", () => {
    const registry = createAuthRegistry([tokenPlugin]);
    try {
      registry.parseCredential("token", { token: 42 });
      expect.unreachable();
    } catch (error) {
      expect(AuthError.isInstance(error)).toBe(true);
      expect(String(error)).toContain("token:");
      expect(JSON.stringify(error)).not.toContain("42");
    }
  });
});
