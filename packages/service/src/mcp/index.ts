// `@src/service/mcp`: the MCP server over a source service. Its own entry so that loading `@src/service` (every CLI
// command) does not load the MCP SDK and its JSON Schema validator; only `src mcp` and the server's /mcp need them.

export { type McpServerOptions, createMcpServer } from "./create-mcp-server";
