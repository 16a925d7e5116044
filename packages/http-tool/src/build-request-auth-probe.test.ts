import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import { makeSource } from "../test/source-fixture";
import { buildRequest } from "./build-request";

const plugin = createQueryAuth();
const credential = { key: "k3y-value" };

describe("the auth query probe", () => {
  it.each([
    ["api_key", "token"],
    ["token", "api_key"],
  ])("with queryParam %s an agent's %s is allowed, the auth name refused, call after call", async (authName, otherName) => {
    const source = makeSource("http://127.0.0.1:1/v1", { authType: "query", queryParam: authName });
    for (let round = 0; round < 3; round += 1) {
      const allowed = await buildRequest({ source, call: { method: "GET", path: "/items", query: { [otherName]: "x" } }, credential, plugin });
      expect(new URL(allowed.url).searchParams.get(authName)).toBe(credential.key);
      await expect(async () => buildRequest({ source, call: { method: "GET", path: "/items", query: { [authName]: credential.key } }, credential, plugin })).rejects.toThrow(/carries the credential/);
    }
  });

  it("a different base URL or credential gets its own probe", async () => {
    const first = makeSource("http://127.0.0.1:1/v1", { authType: "query", queryParam: "api_key" });
    const second = makeSource("http://127.0.0.2:1/v2", { authType: "query", queryParam: "api_key" });
    for (const source of [first, second]) {
      for (const key of ["one", "two"]) {
        await expect(async () => buildRequest({ source, call: { method: "GET", path: "/items", query: { api_key: key } }, credential: { key }, plugin })).rejects.toThrow(/carries the credential/);
      }
    }
  });
});
