import { readFile, stat } from "node:fs/promises";
import { inspect } from "node:util";
import type { AnyAuthPluginV2 as AnyAuthPlugin } from "@src/auth";
import { createBasicAuth } from "@src/auth-basic";
import { createBearerAuth } from "@src/auth-bearer";
import { createHeaderAuth } from "@src/auth-header";
import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import {
  InvalidVaultCredentialError,
  InvalidVaultSlugError,
  openVault,
  VAULT_ERROR_CODES,
  VaultError,
} from "@src/vault";
import { testScryptCost, useTemporaryHome } from "../test/helpers";

// Every credential shape of the four built-in auth plugins, checked with the plugin's own credentialSchema.
const pluginCredentials: { plugin: AnyAuthPlugin; why: string; credential: Record<string, string> }[] = [
  { plugin: createBearerAuth(), why: "a token", credential: { token: "ghp_bearerToken0123456789" } },
  { plugin: createHeaderAuth(), why: "an API key", credential: { key: "x-api-key-abcdef" } },
  { plugin: createQueryAuth(), why: "an API key", credential: { key: "query-key-123456" } },
  { plugin: createBasicAuth(), why: "username and password", credential: { username: "ada", password: "p@ss:w0rd" } },
  {
    plugin: createBasicAuth(),
    why: "username and empty password",
    credential: { username: "api-key-as-user", password: "" },
  },
];

let home: string;
let file: string;
useTemporaryHome((made) => ({ home, file } = made));

/** Every encoding in which a secret could leak into a file. */
function leakForms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  return [
    secret,
    bytes.toString("base64"),
    bytes.toString("base64url"),
    bytes.toString("hex"),
    JSON.stringify(secret).slice(1, -1),
  ];
}

describe("Vault round trip", () => {
  it.each(pluginCredentials)(
    "stores and reads a $plugin.type credential ($why) checked with the plugin's schema",
    async ({ plugin, credential }) => {
      const vault = await openVault({ home, env: {} });
      await vault.set("my-source", credential, { schema: plugin.credentialSchema });
      expect({ ...(await vault.get("my-source")) }).toEqual(credential);
      const reopened = await openVault({ home, env: {} });
      expect({ ...(await reopened.get("my-source")) }).toEqual(credential);
    },
  );

  it.each([
    { why: "unicode in every plane", secret: "pässwörd-密码-🔑-\u{10FFFF}-ä" },
    { why: "a 10 KB secret", secret: "k".repeat(5 * 1024) + "é".repeat(2560) },
  ])("round-trips $why", async ({ secret }) => {
    const vault = await openVault({ home, env: {} });
    await vault.set("unicode", { token: secret });
    expect((await (await openVault({ home, env: {} })).get<{ token: string }>("unicode"))?.token).toBe(secret);
    const bytes = await readFile(file);
    for (const form of leakForms(secret)) expect(bytes.includes(Buffer.from(form))).toBe(false);
  });

  it("has, list (slugs and times only), delete", async () => {
    const vault = await openVault({ home, env: {} });
    expect(await vault.list()).toEqual([]);
    await vault.set("zeta", { token: "t-zeta-secret" });
    await vault.set("alpha", { token: "t-alpha-secret" });
    const listed = await vault.list();
    expect(listed.map((entry) => entry.slug)).toEqual(["alpha", "zeta"]);
    expect(JSON.stringify(listed)).not.toContain("secret");
    expect(Object.keys(listed[0]!).sort()).toEqual(["slug", "updatedAt"]);
    expect(await vault.has("alpha")).toBe(true);
    expect(await vault.delete("alpha")).toBe(true);
    expect(await vault.delete("alpha")).toBe(false);
    expect(await vault.has("alpha")).toBe(false);
    expect(await vault.get("alpha")).toBeUndefined();
  });

  it("sees writes made through another Vault on the same file", async () => {
    const first = await openVault({ home, env: {} });
    const second = await openVault({ home, env: {} });
    await first.set("shared", { token: "one" });
    expect((await second.get<{ token: string }>("shared"))?.token).toBe("one");
    await second.set("shared", { token: "two" });
    expect((await first.get<{ token: string }>("shared"))?.token).toBe("two");
  });
});

describe("what the vault refuses", () => {
  it("checks the credential against the plugin schema and names fields, never values", async () => {
    const vault = await openVault({ home, env: {} });
    const error = await vault
      .set("bad", { username: "ada", password: "leaky\nsecret" }, { schema: createBasicAuth().credentialSchema })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidVaultCredentialError);
    const message = (error as Error).message;
    expect(message).toContain('"bad"');
    expect(message).toContain("password");
    for (const text of [message, inspect(error, { depth: 10 }), JSON.stringify(error)])
      expect(text).not.toContain("leaky");
    expect(await vault.has("bad")).toBe(false);
  });

  it.each([
    { why: "an array", credential: ["token"] },
    { why: "a string", credential: "token" },
    { why: "null", credential: null },
  ])("refuses $why as a credential", async ({ credential }) => {
    const vault = await openVault({ home, env: {} });
    await expect(vault.set("x", credential as never)).rejects.toMatchObject({
      code: VAULT_ERROR_CODES.INVALID_CREDENTIAL,
    });
  });

  it.each(["", "-leading-dash", "has space", "a/b", "x".repeat(129), "__proto__"])(
    "refuses the slug %j",
    async (slug) => {
      const vault = await openVault({ home, env: {} });
      await expect(vault.set(slug, { token: "t" })).rejects.toBeInstanceOf(InvalidVaultSlugError);
      await expect(vault.get(slug)).rejects.toSatisfy((error: unknown) => VaultError.isInstance(error));
    },
  );
});

describe("reading the same credential again", () => {
  it("hands out the same frozen object while the entry is unchanged, and a new one once another process replaced it", async () => {
    const vault = await openVault({ home, env: {} });
    await vault.set("github", { token: "first-token-value" });
    const first = await vault.get<{ token: string }>("github");
    expect(await vault.get("github")).toBe(first);
    const otherProcess = await openVault({ home, env: {} });
    await otherProcess.set("github", { token: "second-token-value" });
    const second = await vault.get<{ token: string }>("github");
    expect(second).not.toBe(first);
    expect(second?.token).toBe("second-token-value");
    expect(first?.token).toBe("first-token-value");
    await otherProcess.delete("github");
    expect(await vault.get("github")).toBeUndefined();
  });

  it("never shares a credential with nested values: each read gets its own copy", async () => {
    const vault = await openVault({ home, env: {} });
    await vault.set("nested", { token: "t", extra: { region: "eu" } });
    const first = await vault.get("nested");
    const second = await vault.get("nested");
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });
});

describe("secrets never shown", () => {
  it("credential objects read normally but print and serialize as [REDACTED]", async () => {
    const vault = await openVault({ home, env: {} });
    await vault.set("github", { token: "ghp_visible_only_by_property" });
    const credential = await vault.get<{ token: string }>("github");
    expect(credential?.token).toBe("ghp_visible_only_by_property");
    expect(Object.keys(credential!)).toEqual(["token"]);
    expect(Object.isFrozen(credential)).toBe(true);
    for (const shown of [
      inspect(credential),
      inspect({ nested: credential }, { depth: 5 }),
      JSON.stringify(credential),
      JSON.stringify({ credential }),
      Object.prototype.toString.call(credential),
    ]) {
      expect(shown).not.toContain("ghp_visible_only_by_property");
    }
    expect(JSON.parse(JSON.stringify(credential)) as unknown).toEqual({ token: "[REDACTED]" });
  });

  it("the vault itself inspects as Vault { file, entries } without keys or values", async () => {
    const passphrase = "correct horse battery staple";
    const vault = await openVault({ home, env: { SRC_VAULT_PASSPHRASE: passphrase }, scryptCost: testScryptCost });
    await vault.set("a", { token: "value-that-must-not-show" });
    expect(inspect(vault)).toBe(`Vault { file: ${JSON.stringify(file)}, entries: 1 }`);
    for (const shown of [inspect(vault, { showHidden: true, depth: 10 }), JSON.stringify(vault)]) {
      expect(shown).not.toContain("value-that-must-not-show");
      expect(shown).not.toContain(passphrase);
    }
  });

  it("writes the file with mode 0600 in a 0700 directory, with no secret in clear", async () => {
    const nested = `${home}/nested/deeper`;
    const vault = await openVault({ home: nested, env: {} });
    const secrets = ["sk-live-aaaaaaaaaaaaaaaa", "hunter2hunter2", "ключ-секрет"];
    for (const [index, secret] of secrets.entries()) await vault.set(`s${index}`, { token: secret, password: secret });
    expect((await stat(vault.file)).mode & 0o777).toBe(0o600);
    expect((await stat(`${nested}/vault.key`)).mode & 0o777).toBe(0o600);
    expect((await stat(nested)).mode & 0o777).toBe(0o700);
    const bytes = await readFile(vault.file);
    for (const secret of secrets)
      for (const form of leakForms(secret)) expect(bytes.includes(Buffer.from(form))).toBe(false);
  });
});
