import { inspect } from "node:util";
import { createAuthRegistry } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize, useEchoServer } from "@src/auth/testing";
import { describe, expect, it } from "vitest";
import { createBasicAuth } from "./basic-auth";

const plugin = createBasicAuth();

describeAuthPluginConformance(plugin, {
  config: {},
  credential: { username: "alice", password: "pässwörd-1234" },
  otherCredential: { username: "bob", password: "" },
});

async function applied(username: string, password: string, url = "https://api.example.test/v1/me") {
  const request = { method: "GET", url: new URL(url), headers: new Headers({ authorization: "Bearer stale" }) };
  await runAuthorize(plugin, request, {
    config: {},
    credential: plugin.credentialSchema.parse({ username, password }),
  });
  return request;
}

describe("basic placement", () => {
  const rows: { why: string; username: string; password: string; authorization: string }[] = [
    {
      why: "RFC 7617's own example",
      username: "Aladdin",
      password: "open sesame",
      authorization: "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
    },
    {
      why: "an empty password keeps the colon",
      username: "apikey123",
      password: "",
      authorization: "Basic YXBpa2V5MTIzOg==",
    },
    {
      why: "a colon in the password is kept (only the first separates)",
      username: "u",
      password: "a:b",
      authorization: "Basic dTphOmI=",
    },
    {
      why: "unicode is encoded as UTF-8 (RFC 7617 charset)",
      username: "test",
      password: "123£",
      authorization: "Basic dGVzdDoxMjPCow==",
    },
    {
      why: "non-Latin usernames are UTF-8 too",
      username: "пользователь",
      password: "п",
      authorization: `Basic ${Buffer.from("пользователь:п").toString("base64")}`,
    },
  ];
  it.each(rows)("$why", async ({ username, password, authorization }) => {
    const request = await applied(username, password);
    expect(request.headers.get("authorization")).toBe(authorization);
    expect(request.url.href).toBe("https://api.example.test/v1/me");
  });

  it("describes the placement", () => {
    expect(plugin.describePlacement({})).toBe("Authorization header (Basic scheme)");
  });

  it("lists the password, the header value and the token as secrets, but not the username", () => {
    expect(plugin.secretValues({ username: "Aladdin", password: "open sesame" })).toEqual([
      "open sesame",
      "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
      "QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
    ]);
  });

  it("treats the username as the key when the password is empty (key-as-username APIs), so an echo cannot show it", () => {
    expect(plugin.secretValues({ username: "sk_live_4eC39HqLyjWDarjtT1zdp7dc", password: "" })).toEqual([
      "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
      "Basic c2tfbGl2ZV80ZUMzOUhxTHlqV0Rhcmp0VDF6ZHA3ZGM6",
      "c2tfbGl2ZV80ZUMzOUhxTHlqV0Rhcmp0VDF6ZHA3ZGM6",
    ]);
  });
});

describe("basic credential", () => {
  const rejected: { why: string; credential: Record<string, unknown>; path: string; message: RegExp }[] = [
    {
      why: "a colon in the username cannot be told apart from the separator",
      credential: { username: "a:b", password: "p" },
      path: "username",
      message: /must not contain ":"/,
    },
    {
      why: "CR LF in the username",
      credential: { username: "a\r\nb", password: "p" },
      path: "username",
      message: /line breaks/,
    },
    {
      why: "LF in the password",
      credential: { username: "a", password: "p\n" },
      path: "password",
      message: /line breaks/,
    },
    { why: "NUL in the password", credential: { username: "a", password: "\0" }, path: "password", message: /NUL/ },
    {
      why: "an empty username",
      credential: { username: "", password: "p" },
      path: "username",
      message: /must not be empty/,
    },
    {
      why: "a missing password says how to give none",
      credential: { username: "a" },
      path: "password",
      message: /empty string for no password/,
    },
  ];
  it.each(rejected)("rejects: $why", ({ credential, path, message }) => {
    const issue = plugin.credentialSchema.safeParse(credential).error?.issues[0];
    expect(issue?.path).toEqual([path]);
    expect(issue?.message).toMatch(message);
  });

  it("accepts an empty password", () => {
    expect(plugin.credentialSchema.parse({ username: "key", password: "" })).toEqual({ username: "key", password: "" });
  });

  it("never puts the password in the error a registry raises", () => {
    try {
      createAuthRegistry([plugin]).parseCredential("basic", { username: "a:b", password: "s3cret\n" });
      expect.unreachable();
    } catch (error) {
      for (const text of [String(error), JSON.stringify(error), inspect(error, { depth: 5 })])
        expect(text).not.toContain("s3cret");
      expect(String(error)).toContain("username:");
    }
  });
});

describe("basic over a real connection", () => {
  const echo = useEchoServer();

  it("the server decodes the exact unicode username and password", async () => {
    const echoed = await echo().send(await applied("jürgen", "pä:ss wörd", `${echo().origin}/v1/me`));
    const header = String(echoed.headers.authorization);
    expect(header.startsWith("Basic ")).toBe(true);
    expect(Buffer.from(header.slice("Basic ".length), "base64").toString("utf8")).toBe("jürgen:pä:ss wörd");
  });
});
