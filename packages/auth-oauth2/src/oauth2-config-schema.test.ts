import { describe, expect, it } from "vitest";
import { oauth2ConfigSchema } from "./oauth2-config-schema";

describe("oauth2 api fields", () => {
  it("fills the defaults: client_credentials, no scopes, client_secret_basic", () => {
    expect(oauth2ConfigSchema.parse({ tokenUrl: "https://auth.example.com/oauth/token" })).toEqual({
      tokenUrl: "https://auth.example.com/oauth/token",
      grant: "client_credentials",
      scopes: [],
      clientAuth: "client_secret_basic",
    });
  });

  const rejected: { why: string; api: Record<string, unknown>; path: string; message: RegExp }[] = [
    {
      why: "the token endpoint is needed",
      api: {},
      path: "tokenUrl",
      message: /required when api.authType is "oauth2"/,
    },
    {
      why: "a client secret must never travel over plain http",
      api: { tokenUrl: "http://auth.example.com/token" },
      path: "tokenUrl",
      message: /must use https:/,
    },
    { why: "a relative URL is no endpoint", api: { tokenUrl: "/token" }, path: "tokenUrl", message: /absolute URL/ },
    {
      why: "credentials do not belong in the URL",
      api: { tokenUrl: "https://user:pw@auth.example.com/token" },
      path: "tokenUrl",
      message: /user name or password/,
    },
    {
      why: "the code grant needs the authorization endpoint",
      api: { tokenUrl: "https://a.example.com/t", grant: "authorization_code" },
      path: "authorizationUrl",
      message: /required when api.grant is "authorization_code"/,
    },
    {
      why: "the authorization endpoint follows the https rule too",
      api: { tokenUrl: "https://a.example.com/t", authorizationUrl: "http://a.example.com/a" },
      path: "authorizationUrl",
      message: /must use https:/,
    },
    {
      why: "only the three grants are run",
      api: { tokenUrl: "https://a.example.com/t", grant: "password" },
      path: "grant",
      message: /"client_credentials", "authorization_code" or "device_code"/,
    },
    {
      why: "without a token URL an issuer must say where it is",
      api: { grant: "client_credentials" },
      path: "tokenUrl",
      message: /or api.issuer to discover it/,
    },
    {
      why: "the device grant needs its endpoint (or an issuer to find it)",
      api: { tokenUrl: "https://a.example.com/t", grant: "device_code" },
      path: "deviceAuthorizationUrl",
      message: /required when api.grant is "device_code"/,
    },
    {
      why: "the issuer follows the https rule too",
      api: { issuer: "http://a.example.com" },
      path: "issuer",
      message: /must use https:/,
    },
    {
      why: "an extra authorization parameter may not replace one src sets",
      api: { tokenUrl: "https://a.example.com/t", authorizationParams: { state: "x" } },
      path: "authorizationParams.state",
      message: /set by src itself/,
    },
    {
      why: "the scope has its own field",
      api: { tokenUrl: "https://a.example.com/t", authorizationParams: { scope: "x" } },
      path: "authorizationParams.scope",
      message: /use api.scopes/,
    },
    {
      why: "a parameter value is a string",
      api: { tokenUrl: "https://a.example.com/t", authorizationParams: { prompt: 1 } },
      path: "authorizationParams.prompt",
      message: /must be a string/,
    },
    {
      why: "a scope cannot hold a space (it would split)",
      api: { tokenUrl: "https://a.example.com/t", scopes: ["read write"] },
      path: "scopes.0",
      message: /without spaces/,
    },
    {
      why: "a public client has no secret to prove itself with, so it cannot use the client credentials grant",
      api: { tokenUrl: "https://a.example.com/t", clientAuth: "none" },
      path: "clientAuth",
      message: /public client.*authorization_code/,
    },
    {
      why: "client authentication is one of three",
      api: { tokenUrl: "https://a.example.com/t", clientAuth: "private_key_jwt" },
      path: "clientAuth",
      message: /"none"/,
    },
  ];
  it.each(rejected)("rejects: $why", ({ api, path, message }) => {
    const issue = oauth2ConfigSchema.safeParse(api).error?.issues[0];
    expect(issue?.path.join(".")).toBe(path);
    expect(issue?.message).toMatch(message);
  });

  it("an issuer alone is enough: the endpoints are discovered", () => {
    expect(
      oauth2ConfigSchema.parse({
        issuer: "https://accounts.example.com",
        grant: "device_code",
        authorizationParams: { prompt: "consent" },
      }),
    ).toMatchObject({
      issuer: "https://accounts.example.com",
      grant: "device_code",
      authorizationParams: { prompt: "consent" },
    });
  });

  it.each(["http://127.0.0.1:8080/token", "http://localhost/token", "http://[::1]:9/token", "http://127.0.0.2/token"])(
    "allows plain http on loopback: %s",
    (tokenUrl) => {
      expect(oauth2ConfigSchema.safeParse({ tokenUrl }).success).toBe(true);
    },
  );
});
