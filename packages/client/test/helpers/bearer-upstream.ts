import { sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";

/** The upstream API behind the test sources: `/me` checks the bearer token, `/items` answers JSON; every request is counted in `requests`. */
export function startBearerUpstream(token: string): Promise<Upstream> {
  return startUpstream((_request, response, recorded) => {
    if (recorded.headers.authorization !== `Bearer ${token}`)
      return sendJson(response, 401, { message: "bad credentials" });
    if (recorded.path === "/me") return sendJson(response, 200, { login: "octo" });
    if (recorded.path === "/items")
      return sendJson(response, 200, { items: [{ id: 1 }], method: recorded.method, body: recorded.body });
    return sendJson(response, 404, { message: "no such path" });
  });
}

/** A bearer source's `config.json` fields pointing at `baseUrl`. */
export function bearerConfig(slug: string, baseUrl: string): Record<string, unknown> {
  return {
    type: "api",
    name: `Test ${slug}`,
    slug,
    enabled: true,
    api: { baseUrl, authType: "bearer", testEndpoint: "/me" },
  };
}
