// The requests the hosted-OAuth and console tests send to a running server: an operator's, a browser's form, and
// an agent's first MCP message; and what they wait for in its log.
import { expect } from "vitest";
import { bearerConfig } from "./test-server";

/** `method path` on `serverUrl` with the admin token, `body` (when given) as JSON. */
export const adminRequest = (
  serverUrl: string,
  adminToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> =>
  fetch(`${serverUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A form POST (`application/x-www-form-urlencoded`) of `fields` to `url`. */
export const postForm = (url: string, fields: Record<string, string>): Promise<Response> =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

/** The MCP `initialize` request to `${serverUrl}/mcp` with the bearer `token`. */
export const mcpInitialize = (serverUrl: string, token: string): Promise<Response> =>
  fetch(`${serverUrl}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    }),
  });

/**
 * Adds the bearer source SLUG (see `bearerConfig`) called NAME on `baseUrl` with `token` through `POST /v1/sources`
 * as the admin; fails the test unless it was created.
 */
export async function adminAddBearerSource(
  serverUrl: string,
  adminToken: string,
  { slug, name, baseUrl, token }: { slug: string; name?: string; baseUrl: string; token: string },
): Promise<void> {
  const config = { ...bearerConfig(slug, baseUrl), ...(name === undefined ? {} : { name }) };
  const added = await adminRequest(serverUrl, adminToken, "POST", "/v1/sources", { config, credential: { token } });
  expect(added.status, await added.clone().text()).toBe(201);
}

/** Polls `output()` until at least `count` of its lines are tool-call log lines that `principal` matches. */
export async function expectToolCallLines(output: () => string, principal: RegExp, count: number): Promise<void> {
  await expect
    .poll(
      () =>
        output()
          .split("\n")
          .filter((line) => line.includes('"event":"tool_call"') && principal.test(line)).length,
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
}
