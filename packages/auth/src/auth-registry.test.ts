import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthRegistry } from "./auth-registry";
import { defineAuthPluginV2 } from "./auth-plugin-v2";
import { AuthError } from "./errors/auth-error";
import { UnknownAuthTypeError } from "./errors/unknown-auth-type-error";

const tokenPlugin = defineAuthPluginV2({
  specificationVersion: "v2",
  type: "token",
  description: "token in X-Token",
  configSchema: z.object({}),
  credentialSchema: z.object({ token: z.string().min(1).meta({ label: "Token" }) }),
  placement: () => ({ headers: ["x-token"], query: [] }),
  authorize: (request, { credential }) => Promise.resolve(request.headers.set("x-token", credential.token)),
  secretValues: (credential) => [credential.token],
  describePlacement: () => "header X-Token",
});

describe("createAuthRegistry", () => {
  it("finds a registered plugin by type, as it is, and keeps every plugin in with()", () => {
    const other = { ...tokenPlugin, type: "token-two" };
    const registry = createAuthRegistry([tokenPlugin]).with(other);
    expect(registry.get("token")).toBe(tokenPlugin);
    expect(registry.types).toEqual(["token", "token-two"]);
    expect(registry.get("token-two")).toBe(other);
  });

  it.each(["v1", "v3"])("refuses contract version %s, saying the one it supports", (version) => {
    expect(() => createAuthRegistry([{ ...tokenPlugin, specificationVersion: version } as never])).toThrow(
      new RegExp(`specificationVersion is "${version}"; this version of src supports "v2"`),
    );
  });

  it.each([
    {
      change: { type: "Key Pair" },
      says: 'auth plugin "Key Pair" cannot be registered: type must be a lower-case string',
    },
    { change: { type: undefined }, says: "auth plugin number 1 cannot be registered: type must be" },
    { change: { authorize: undefined }, says: "authorize is not a function" },
    { change: { describePlacement: undefined }, says: "describePlacement is not a function" },
    { change: { configSchema: { account: "string" } }, says: "configSchema is not a zod schema" },
    {
      change: { credentialSchema: undefined, secretValues: "token" },
      says: "credentialSchema is not a zod schema; secretValues is not a function",
    },
  ])("refuses a plugin that is not one at registration, naming what to fix: $says", ({ change, says }) => {
    expect(() => createAuthRegistry([{ ...tokenPlugin, ...change } as never])).toThrow(says);
    expect(() => createAuthRegistry([{ ...tokenPlugin, ...change } as never])).toThrow(
      /see "Write a plugin" in @src\/auth's README/,
    );
  });

  it("refuses null in place of a plugin with an error, not a TypeError", () => {
    expect(() => createAuthRegistry([null as never])).toThrow(
      "auth plugin number 1 cannot be registered: it is null, not a plugin object",
    );
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
