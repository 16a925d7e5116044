import type { AnyAuthPluginV2 } from "@src/auth";
import { z } from "zod";
import { createQueryAuth } from "@src/auth-query";
import { describe, expect, it } from "vitest";
import { authMode, leaksIn } from "../../test/auth-modes";
import { makeSource } from "../../test/source-fixture";
import { InvalidCallError } from "../errors/invalid-call-error";
import { buildRequest } from "./build-request";
import type { ToolCall } from "./tool-call";

const mode = authMode("query");

const plugin = createQueryAuth();
const credential = { key: "k3y-value" };

describe("the auth query probe", () => {
  it.each([
    ["api_key", "token"],
    ["token", "api_key"],
  ])(
    "with queryParam %s an agent's %s is allowed, the auth name refused, call after call",
    async (authName, otherName) => {
      const source = makeSource("http://127.0.0.1:1/v1", { authType: "query", queryParam: authName });
      for (let round = 0; round < 3; round += 1) {
        const allowed = await buildRequest({
          source,
          call: { method: "GET", path: "/items", query: { [otherName]: "x" } },
          credential,
          plugin,
        });
        expect(new URL(allowed.url).searchParams.get(authName)).toBe(credential.key);
        await expect(async () =>
          buildRequest({
            source,
            call: { method: "GET", path: "/items", query: { [authName]: credential.key } },
            credential,
            plugin,
          }),
        ).rejects.toThrow(/carries the credential/);
      }
    },
  );

  it("a different base URL or credential gets its own probe", async () => {
    const first = makeSource("http://127.0.0.1:1/v1", { authType: "query", queryParam: "api_key" });
    const second = makeSource("http://127.0.0.2:1/v2", { authType: "query", queryParam: "api_key" });
    for (const source of [first, second]) {
      for (const key of ["one", "two"]) {
        await expect(async () =>
          buildRequest({
            source,
            call: { method: "GET", path: "/items", query: { api_key: key } },
            credential: { key },
            plugin,
          }),
        ).rejects.toThrow(/carries the credential/);
      }
    }
  });
});

describe("build-request: an agent query name that collides with the auth query name is refused in every spelling", () => {
  const source = makeSource("https://api.example.test/v1?version=2", { authType: "query", queryParam: "api_key" });
  const refusal = async (
    callInput: Parameters<typeof buildRequest>[0]["call"],
    plugin: AnyAuthPluginV2 = mode.plugin,
  ): Promise<InvalidCallError | undefined> => {
    try {
      await buildRequest({ source, call: callInput, credential: mode.credential, plugin });
      return undefined;
    } catch (error) {
      if (error instanceof InvalidCallError) return error;
      throw error;
    }
  };

  it.each([
    ["path ?api_key=", { method: "GET", path: "/items?api_key=guess" }],
    ["path ?API_KEY=", { method: "GET", path: "/items?API_KEY=guess" }],
    ["path ?Api_Key=", { method: "GET", path: "/items?a=1&Api_Key=guess" }],
    ["path ?api%5Fkey=", { method: "GET", path: "/items?api%5Fkey=guess" }],
    ["path ?api%5fKEY=", { method: "GET", path: "/items?api%5fKEY=guess" }],
    ["path ?api_key (no value)", { method: "GET", path: "/items?api_key" }],
    ["path ?api_key= (empty)", { method: "GET", path: "/items?api_key=" }],
    ["query api_key", { method: "GET", path: "/items", query: { api_key: "guess" } }],
    ["query API_KEY", { method: "GET", path: "/items", query: { API_KEY: "guess" } }],
    ["query Api_Key (array)", { method: "GET", path: "/items", query: { Api_Key: ["a", "b"] } }],
    ["query api_key with the real key", { method: "GET", path: "/items", query: { api_key: "qk y+/é=&Q7" } }],
    // Names some frameworks fold into the credential's (issue 21's audit): spaces around, "[", "." or a space for "_", case.
    ['query " api_key" (a leading space)', { method: "GET", path: "/items", query: { " api_key": "guess" } }],
    ['query "api_key " (a trailing space)', { method: "GET", path: "/items", query: { "api_key ": "guess" } }],
    ["path ?%20api_key= (an encoded leading space)", { method: "GET", path: "/items?%20api_key=guess" }],
    ["path ?+api_key= (a leading + read as a space)", { method: "GET", path: "/items?+api_key=guess" }],
    ["query api[key (PHP reads an unclosed [ as _)", { method: "GET", path: "/items", query: { "api[key": "guess" } }],
    ["path ?api%5Bkey=", { method: "GET", path: "/items?api%5Bkey=guess" }],
    ["query api.key", { method: "GET", path: "/items", query: { "api.key": "guess" } }],
    ['query "api key"', { method: "GET", path: "/items", query: { "api key": "guess" } }],
    ["query API.KEY (case and dot)", { method: "GET", path: "/items", query: { "API.KEY": "guess" } }],
  ] satisfies Array<[string, ToolCall]>)("%s", async (_name, callInput) => {
    const error = await refusal(callInput);
    expect(error?.reason).toBe("QUERY_CONFLICTS_WITH_AUTH");
    expect(leaksIn(error?.message ?? "", mode)).toEqual([]);
  });

  it("a plugin that only adds its name when the query is not empty (invisible on the probe) is still caught, any case", async () => {
    // A plugin that declares no placement (the conformance suite would refuse it): the builder finds the names it changed by comparing the query.
    const onlyWithQuery: AnyAuthPluginV2 = {
      specificationVersion: "v2",
      type: "query",
      description: "api_key in the query when there is a query",
      configSchema: z.object({}).loose(),
      credentialSchema: z.object({ key: z.string().meta({ label: "Key" }) }),
      placement: () => ({ headers: [], query: [] }),
      authorize(request, { credential }: { credential: { key: string } }) {
        if (request.url.search !== "") request.url.searchParams.set("api_key", credential.key);
        return Promise.resolve();
      },
      secretValues: (credential: { key: string }) => [credential.key],
      describePlacement: () => 'query parameter "api_key"',
    };
    for (const callInput of [
      { method: "GET", path: "/items?API_KEY=guess" },
      { method: "GET", path: "/items", query: { Api_Key: "guess" } },
      { method: "GET", path: "/items?api%5Fkey=guess" },
    ] satisfies ToolCall[]) {
      expect((await refusal(callInput, onlyWithQuery))?.reason).toBe("QUERY_CONFLICTS_WITH_AUTH");
    }
  });

  it("names that only look alike, and header auth with an api_key parameter, are not refused", async () => {
    expect(
      await refusal({ method: "GET", path: "/items?api_keys=1&xapi_key=2", query: { "api-key": "3" } }),
    ).toBeUndefined();
    const header = authMode("header");
    const headerSource = makeSource("https://api.example.test/v1", { authType: "header", ...header.api });
    const built = await buildRequest({
      source: headerSource,
      call: { method: "GET", path: "/items?api_key=1", query: { API_KEY: "2" } },
      credential: header.credential,
      plugin: header.plugin,
    });
    expect(built.url).toBe("https://api.example.test/v1/items?api_key=1&API_KEY=2");
  });
});
