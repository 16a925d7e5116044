import { defineAuthPluginV2 } from "@src/auth";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createDefaultAuthRegistry } from "./create-default-auth-registry";
import { defaultAuthTypes } from "./default-auth-plugins";

function pluginOfType(type: string) {
  return defineAuthPluginV2({
    specificationVersion: "v2",
    type,
    description: "signs requests",
    configSchema: z.object({}),
    credentialSchema: z.object({ secret: z.string().meta({ label: "Secret" }) }),
    placement: () => ({ headers: ["x-signature"], query: [] }),
    authorize: () => Promise.resolve(),
    secretValues: (credential) => [credential.secret],
    describePlacement: () => "X-Signature header",
  });
}

describe("createDefaultAuthRegistry", () => {
  it("registers the built-in modes in order", () => {
    expect(createDefaultAuthRegistry().types).toEqual([...defaultAuthTypes]);
    expect(createDefaultAuthRegistry().parseCredential("bearer", { token: "t0ken" })).toEqual({ token: "t0ken" });
  });

  it("adds a team's plugins after the built-ins", () => {
    const registry = createDefaultAuthRegistry([pluginOfType("signed")]);
    expect(registry.types).toEqual([...defaultAuthTypes, "signed"]);
    expect(registry.parseCredential("signed", { secret: "s" })).toEqual({ secret: "s" });
  });

  it("refuses a team's plugin that reuses a built-in type", () => {
    expect(() => createDefaultAuthRegistry([pluginOfType("bearer")])).toThrow(
      'auth type "bearer" is registered twice; give your plugin another type',
    );
  });
});
