import { expect } from "vitest";
import type { AuthorizationServer } from "./start-authorization-server";

/** The part of the MCP SDK's `Client` used here (this package does not depend on the SDK). */
interface McpToolCaller {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
}

/**
 * Three MCP tool calls in a row, each answered with the API's redacted echo, and not one token request among them:
 * the token the plugin already holds is reused. Each result is pushed to `outputs` (checked for secrets by the caller).
 */
export async function expectMcpCallsReuseOneToken(options: {
  client: McpToolCaller;
  tool: string;
  authorization: AuthorizationServer;
  outputs: string[];
}): Promise<void> {
  const tokenRequests = async () => (await options.authorization.state()).requests.length;
  const before = await tokenRequests();
  for (let call = 0; call < 3; call += 1) {
    const result = await options.client.callTool({ name: options.tool, arguments: { method: "GET", path: "/items" } });
    options.outputs.push(JSON.stringify(result));
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result)).toContain("Bearer [REDACTED]");
  }
  expect(await tokenRequests()).toBe(before);
}
