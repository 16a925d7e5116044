import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultAuthPlugins, defaultAuthTypes } from "@src/auth-presets";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVICE_ERROR_CODES } from "../errors/service-error";
import { authPluginSpecifiersOf, createAuthRegistryFromEnvironment } from "./load-auth-plugins-from-environment";
import { AuthPluginLoadError } from "../load-auth-plugins-error";

const packageDirectory = fileURLToPath(new URL("..", import.meta.url));
let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "src-auth-plugins-env-"));
  // Another plugin whose type is also "hmac": loading it after the example registers "hmac" twice.
  // Self-contained (no import of a built dist/), so the test runs on a fresh clone without a build.
  await writeFile(
    join(directory, "clash.mjs"),
    `const schema = { safeParse: (value) => ({ success: true, data: value }) };
export default {
  specificationVersion: "v2", type: "hmac", description: "another hmac", configSchema: schema, credentialSchema: schema,
  placement: () => ({ headers: [], query: [] }), async authorize() {}, secretValues: (credential) => [credential.secret], describePlacement: () => "nowhere",
};`,
  );
});
afterAll(() => rm(directory, { recursive: true, force: true }));

describe("authPluginSpecifiersOf", () => {
  const rows: { why: string; value: string | undefined; specifiers: string[] }[] = [
    { why: "unset", value: undefined, specifiers: [] },
    { why: "empty", value: "", specifiers: [] },
    { why: "one package", value: "@src/example-auth-hmac", specifiers: ["@src/example-auth-hmac"] },
    { why: "spaces and empty entries dropped", value: " ./a.mjs , ,@acme/b ,", specifiers: ["./a.mjs", "@acme/b"] },
    { why: "a repeated entry is loaded once", value: "./a.mjs,./a.mjs", specifiers: ["./a.mjs"] },
  ];
  it.each(rows)("$why", ({ value, specifiers }) => {
    expect(authPluginSpecifiersOf({ SRC_AUTH_PLUGINS: value })).toEqual(specifiers);
  });
});

describe("createAuthRegistryFromEnvironment", () => {
  it("without SRC_AUTH_PLUGINS: the plugins given, nothing imported", async () => {
    expect((await createAuthRegistryFromEnvironment({}, { plugins: defaultAuthPlugins() })).types).toEqual([
      ...defaultAuthTypes,
    ]);
  });

  it("adds the plugins of SRC_AUTH_PLUGINS after the built-ins, resolved from `from`", async () => {
    const registry = await createAuthRegistryFromEnvironment(
      { SRC_AUTH_PLUGINS: "@src/example-auth-hmac" },
      { plugins: defaultAuthPlugins(), from: packageDirectory },
    );
    expect(registry.types).toEqual([...defaultAuthTypes, "hmac"]);
    expect(registry.parseCredential("hmac", { secret: "s" })).toEqual({ secret: "s" });
  });

  it("a type registered twice is AUTH_PLUGIN_INVALID naming SRC_AUTH_PLUGINS and the type", async () => {
    const clash = await createAuthRegistryFromEnvironment(
      { SRC_AUTH_PLUGINS: `@src/example-auth-hmac,${join(directory, "clash.mjs")}` },
      { plugins: defaultAuthPlugins(), from: packageDirectory },
    ).catch((thrown: unknown) => thrown);
    expect(AuthPluginLoadError.isInstance(clash)).toBe(true);
    expect((clash as AuthPluginLoadError).code).toBe(SERVICE_ERROR_CODES.AUTH_PLUGIN_INVALID);
    expect((clash as Error).message).toBe(
      'SRC_AUTH_PLUGINS: auth type "hmac" is registered twice; give your plugin another type',
    );
  });
});
