import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAuthRegistry } from "./auth-registry";
import { defineAuthPluginV2 } from "./auth-plugin-v2";
import { checkCredential } from "./check-credential";
import { credentialTextSchema } from "./credential-text-schema";
import { InvalidCredentialError } from "./errors/invalid-credential-error";
import { isWellFormedText } from "./well-formed-text";

/** A plugin whose own schema takes any string: the check must not depend on it. */
const loosePlugin = defineAuthPluginV2({
  specificationVersion: "v2",
  type: "loose",
  description: "secret in X-Secret",
  configSchema: z.object({}),
  credentialSchema: z.object({
    secret: z.string().meta({ label: "Secret" }),
    extra: z.object({ nested: z.string() }).optional(),
  }),
  placement: () => ({ headers: ["x-secret"], query: [] }),
  authorize: (request, { credential }) => Promise.resolve(request.headers.set("x-secret", credential.secret)),
  secretValues: (credential) => [credential.secret],
  describePlacement: () => "header X-Secret",
});

describe("a credential holding a lone UTF-16 surrogate is refused on every entry path (issue 21's audit)", () => {
  it.each([
    { why: "a lone high surrogate", text: "abc\ud800", ok: false },
    { why: "a lone low surrogate", text: "\udc00abc", ok: false },
    { why: "a reversed pair", text: "\udc00\ud800", ok: false },
    { why: "a well-formed pair (an emoji)", text: "key-\ud83d\ude00", ok: true },
    { why: "plain text", text: "plain", ok: true },
  ])("isWellFormedText: $why", ({ text, ok }) => {
    expect(isWellFormedText(text)).toBe(ok);
  });

  it("registry.parseCredential refuses it whatever the plugin's schema, naming the field and never the value", () => {
    const registry = createAuthRegistry([loosePlugin]);
    for (const credential of [{ secret: "s3cret\ud800" }, { secret: "ok", extra: { nested: "\udfff" } }]) {
      let error: unknown;
      try {
        registry.parseCredential("loose", credential);
      } catch (caught) {
        error = caught;
      }
      expect(InvalidCredentialError.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(
        /^invalid loose credential: (secret|extra\.nested): must be valid Unicode text: it holds a lone UTF-16 surrogate/,
      );
      expect((error as Error).message).not.toContain("s3cret");
    }
    expect(registry.parseCredential("loose", { secret: "fine" })).toEqual({ secret: "fine" });
  });

  it("checkCredential (a v2 plugin saving a refreshed credential) refuses it too", () => {
    expect(() => checkCredential(loosePlugin, { secret: "\ud800" })).toThrow(/secret: must be valid Unicode text/);
  });

  it("credentialTextSchema refuses it, for every plugin built on it", () => {
    expect(credentialTextSchema.safeParse("tok\ud800en").success).toBe(false);
  });
});
