import { describe, expect, it } from "vitest";
import { formatToolResult } from "../result/format-tool-result";
import { useUpstream } from "../testing/use-upstream";
import { createBearerToolFixture } from "../testing/bearer-tool-fixture";
import { findLeaks } from "../testing/secret-forms";
import { toMcpCallToolResult, toMcpToolDefinition } from "./mcp";

const token = "mcp-secret-token-123";
const upstream = useUpstream();

describe("MCP adapter", () => {
  it("lists the tool with name, description, an object input schema and annotations", () => {
    const tool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const definition = toMcpToolDefinition(tool);
    expect(Object.keys(definition).sort()).toEqual(["annotations", "description", "inputSchema", "name"]);
    expect(definition).toMatchObject({
      name: "api_notes_api",
      description: tool.description,
      annotations: { readOnlyHint: false, openWorldHint: true },
    });
    expect(definition.inputSchema.type).toBe("object");
    expect(definition.inputSchema).not.toHaveProperty("$schema");
    expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
  });

  it("answers a 2xx call with text content, structured content and isError false; no secret in it", async () => {
    const tool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const result = await tool.execute({ method: "GET", path: "/notes" });
    const answer = toMcpCallToolResult(result);
    expect(answer.isError).toBe(false);
    expect(answer.content).toEqual([{ type: "text", text: formatToolResult(result) }]);
    expect(answer.structuredContent).toEqual(result);
    expect(findLeaks(JSON.stringify(answer), token)).toEqual([]);
  });

  it("sets isError for failures without a response", async () => {
    const tool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const answer = toMcpCallToolResult(await tool.execute({ method: "GET", path: "https://127.0.0.2/" }));
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent.error?.code).toBe("INVALID_CALL");
    expect(answer.content[0].text).toContain("INVALID_CALL");
  });
});
