import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { binPath } from "./run-src";

/**
 * A stdio transport for the official MCP SDK client to the built `src mcp`, run with `env` (PATH from the parent).
 * Its stderr is a pipe, handed to `onStderr` when given.
 */
export function srcMcpTransport(env: Record<string, string>, onStderr?: (text: string) => void): StdioClientTransport {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [binPath, "mcp"],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  if (onStderr !== undefined) transport.stderr?.on("data", (chunk: Buffer) => onStderr(chunk.toString("utf8")));
  return transport;
}
