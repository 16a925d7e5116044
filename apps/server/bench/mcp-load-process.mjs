// The MCP bench's agents, in a process of their own: starts the MCP server under test on stdio (MCP_SERVER: { command,
// args, env }) with the official SDK client, reports the server's pid, then on "run" (IPC) keeps CONCURRENCY tools/call
// requests in flight for the given milliseconds and reports { done, failed }. A call counts when it is not isError.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { runFor } from "./run-for.mjs";

const { server, tool, args, concurrency } = JSON.parse(process.env.MCP_LOAD ?? "{}");
const transport = new StdioClientTransport({
  command: server.command,
  args: server.args,
  env: server.env,
  stderr: "ignore",
});
const client = new Client({ name: "src-bench", version: "1.0.0" });
await client.connect(transport);
const tools = await client.listTools();
// Without a name, the server's only tool (the peer names its tools after the document's operations).
const name = tool ?? (tools.tools.length === 1 ? tools.tools[0].name : undefined);
if (name === undefined || !tools.tools.some((candidate) => candidate.name === name))
  throw new Error(`no tool ${tool}: ${tools.tools.map((candidate) => candidate.name).join(", ")}`);

async function once() {
  try {
    const result = await client.callTool({ name, arguments: args });
    return result.isError !== true;
  } catch {
    return false;
  }
}

process.on("message", async (message) => process.send?.(await runFor(message.milliseconds, concurrency, once)));
process.on("disconnect", () => {
  void client.close().finally(() => process.exit(0));
});
process.send?.({ pid: transport.pid });
