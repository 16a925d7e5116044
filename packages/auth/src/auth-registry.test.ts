import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthRegistry } from "./auth-registry";
import { defineAuthPlugin } from "./auth-plugin";
import { adaptAuthPluginV1 } from "./v2/adapt-auth-plugin-v1";
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
  it("finds a registered v1 plugin by type, handed out as v2 through the adapter (the same object every time)", () => {
    const registry = createAuthRegistry([tokenPlugin]);
    expect(registry.get("token")).toBe(adaptAuthPluginV1(tokenPlugin));
    expect(registry.get("token").specificationVersion).toBe("v2");
  });

  it("hands a v2 plugin out as it is, beside v1 ones, and keeps both in with()", () => {
    const v2 = { ...adaptAuthPluginV1(tokenPlugin), type: "token-two" };
    const registry = createAuthRegistry([tokenPlugin]).with(v2);
    expect(registry.types).toEqual(["token", "token-two"]);
    expect(registry.get("token-two")).toBe(v2);
  });

  it("refuses a contract version it does not know", () => {
    expect(() => createAuthRegistry([{ ...tokenPlugin, specificationVersion: "v3" } as never])).toThrow(/specification v3; this registry supports "v1" and "v2"/);
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
