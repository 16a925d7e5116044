import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineAuthPlugin } from "../auth-plugin";
import { credentialTextSchema } from "../credential-text-schema";
import { createAuthSessionCache } from "./auth-session-cache";
import { adaptAuthPluginV1, isAdaptedAuthPluginV1, toAuthPluginV2 } from "./adapt-auth-plugin-v1";
import { checkPlacement } from "./check-placement";

/** A v1 plugin written before v2 existed: signs the body text it is given. */
const v1Plugin = defineAuthPlugin({
  specificationVersion: "v1",
  type: "body-sum",
  description: "key and body length in X-Sum",
  configSchema: z.object({}),
  credentialSchema: z.object({ key: credentialTextSchema }),
  credentialFields: [{ name: "key", label: "Key", secret: true }],
  apply: (request, { credential }) => request.headers.set("x-sum", `${credential.key}:${request.body ?? "none"}`),
  secretValues: (credential) => [credential.key],
  describePlacement: () => 'header "X-Sum"',
});

function context() {
  return {
    slug: "example",
    config: {},
    credential: { key: "k" },
    now: () => new Date(0),
    signal: new AbortController().signal,
    session: createAuthSessionCache(),
    registerSecret: () => undefined,
    saveCredential: () => Promise.resolve(),
  };
}

describe("the v1 adapter", () => {
  it("runs apply with the body bytes as text, unchanged in behaviour", async () => {
    const plugin = adaptAuthPluginV1(v1Plugin);
    const headers = new Headers();
    await plugin.authorize({ method: "POST", url: new URL("http://127.0.0.1/x"), headers, body: new TextEncoder().encode("héllo"), attempt: 1, signal: new AbortController().signal }, context());
    expect(headers.get("x-sum")).toBe(`k:héllo`);
    expect(plugin.secretValues({ key: "k" })).toEqual(["k"]);
    expect(plugin.describePlacement({})).toBe('header "X-Sum"');
  });

  it("leaves v2 plugins as they are and marks adapted ones", () => {
    const adapted = toAuthPluginV2(v1Plugin);
    expect(adapted.specificationVersion).toBe("v2");
    expect(isAdaptedAuthPluginV1(adapted)).toBe(true);
    expect(toAuthPluginV2(adapted)).toBe(adapted);
    expect(checkPlacement(adapted, {})).toEqual({ headers: [], query: [] });
  });

  it("refuses a placement that claims a framing header, naming it and why", () => {
    const plugin = { ...adaptAuthPluginV1(v1Plugin), placement: () => ({ headers: ["Content-Length"], query: [] }) };
    expect(() => checkPlacement(plugin, {})).toThrow(/"Content-Length", which only the service may set \(it frames the body/);
  });
});
