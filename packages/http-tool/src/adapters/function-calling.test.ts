import { describe, expect, it } from "vitest";
import { useUpstream } from "../testing/use-upstream";
import { createBearerToolFixture } from "../testing/bearer-tool-fixture";
import { toAnthropicTool } from "./anthropic";
import { toOpenAiFunctionTool } from "./openai";

const token = "fc-secret-token-456";
const upstream = useUpstream();

describe("OpenAI and Anthropic function-calling definitions", () => {
  it("OpenAI: { type: function, function: { name, description, parameters } }", () => {
    const tool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const definition = toOpenAiFunctionTool(tool);
    expect(definition).toEqual({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    });
    expect(definition.function.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(definition.function.parameters.type).toBe("object");
  });

  it("Anthropic: { name, description, input_schema }", () => {
    const tool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const definition = toAnthropicTool(tool);
    expect(definition).toEqual({ name: tool.name, description: tool.description, input_schema: tool.inputSchema });
    expect(definition.input_schema.type).toBe("object");
  });

  it("the arguments a model sends as a JSON string run through execute as given", async () => {
    const tool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const modelArguments = '{"method":"PATCH","path":"/notes/3","body":{"title":"new"}}';
    const result = await tool.execute(JSON.parse(modelArguments));
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(upstream().requests.at(-1)).toMatchObject({ method: "PATCH", url: "/v1/notes/3", body: '{"title":"new"}' });
  });
});
