import { createServerLogger } from "../../src/create-server-logger";
import { startServer, type RunningServer, type StartServerOptions } from "../../src/start-server";
import { createLogCapture, type TestHome } from "./test-home";

/** A JSON answer of the server. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any JSON answer
  json: any;
}

/** A server on an ephemeral loopback port whose log lines are kept in `logs`. */
export interface TestServer {
  server: RunningServer;
  logs: ReturnType<typeof createLogCapture>;
  /** Sends one request with the admin token unless `token` says otherwise (`null`: no header). */
  api(
    method: string,
    path: string,
    options?: { body?: unknown; rawBody?: string; contentType?: string; token?: string | null },
  ): Promise<ApiAnswer>;
}

export async function startTestServer(
  testHome: TestHome,
  options: Partial<StartServerOptions> = {},
): Promise<TestServer> {
  const logs = createLogCapture();
  const server = await startServer({
    home: testHome.home,
    env: testHome.env,
    host: "127.0.0.1",
    port: 0,
    logger: createServerLogger({ destination: logs.stream }),
    watchDebounceMs: 50,
    ...options,
  });
  return {
    server,
    logs,
    async api(method, path, { body, rawBody, contentType, token } = {}) {
      const headers: Record<string, string> = {};
      const bearer = token === undefined ? testHome.adminToken : token;
      if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
      let payload: string | undefined = rawBody;
      if (body !== undefined) payload = JSON.stringify(body);
      if (payload !== undefined) headers["content-type"] = contentType ?? "application/json";
      const response = await fetch(`${server.url}${path}`, { method, headers, body: payload });
      const text = await response.text();
      const json = jsonOrUndefined(text);
      return { status: response.status, headers: response.headers, text, json };
    },
  };
}

/** A bearer source record pointing at `baseUrl`. */
export function bearerConfig(
  slug: string,
  baseUrl: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: "api",
    name: `Test ${slug}`,
    slug,
    enabled: true,
    api: { baseUrl, authType: "bearer", testEndpoint: "/me" },
    ...extra,
  };
}

/** An OAuth 2.0 source record called `name` on `baseUrl` (test endpoint `/me`); `api` holds its grant and endpoints. */
export function oauth2Config(
  slug: string,
  name: string,
  baseUrl: string,
  api: Record<string, unknown>,
): Record<string, unknown> {
  return bearerConfig(slug, baseUrl, { name, api: { baseUrl, authType: "oauth2", testEndpoint: "/me", ...api } });
}

/** `text` parsed as JSON, or `undefined` when it is not JSON (an HTML page, an empty body). */
export function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
