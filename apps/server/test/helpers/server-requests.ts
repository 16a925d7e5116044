// The requests the tests send to a running server: an operator's, a browser's form, an agent's first MCP message and
// an agent's tool call over MCP; and what they wait for in its log.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
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

/** What an MCP tool call resolves with: its content parts (text here) and whether it is an error. */
interface McpToolResult {
  content: { type: string; text: string }[];
  isError?: boolean;
}

/**
 * One call of the tool `name` through `${serverUrl}/mcp` with the official MCP SDK client over Streamable HTTP, as the
 * bearer `token`: the text of the result's parts, one a line, and whether the result is an error.
 */
export async function callToolOverMcp(
  serverUrl: string,
  token: string,
  name: string,
  input: Record<string, unknown>,
): Promise<{ text: string; isError: boolean }> {
  const client = new Client({ name: "server-test", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${serverUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const { content, isError } = (await client.callTool({ name, arguments: input })) as McpToolResult;
    return { text: content.map((part) => part.text).join("\n"), isError: isError === true };
  } finally {
    await client.close();
  }
}
