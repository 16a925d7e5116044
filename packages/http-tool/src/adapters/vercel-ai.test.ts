import { generateText, jsonSchema, stepCountIs, tool as defineVercelTool } from "ai";
import { MockLanguageModelV2 } from "ai/test";
import { describe, expect, it } from "vitest";
import { formatToolResult } from "../result/format-tool-result";
import { useUpstream } from "../testing/use-upstream";
import { createBearerToolFixture } from "../testing/bearer-tool-fixture";
import { findLeaks } from "../testing/secret-forms";
import type { ToolResult } from "../result/tool-result";
import { toVercelAiTool } from "./vercel-ai";

const token = "vercel-secret-token-789";
const usage = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };
const upstream = useUpstream();

describe("Vercel AI SDK adapter", () => {
  it("is accepted by tool() and drives one real tool call through generateText with the SDK's mock model", async () => {
    const apiTool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const calls: Parameters<MockLanguageModelV2["doGenerate"]>[0][] = [];
    const model = new MockLanguageModelV2({
      doGenerate: async (options) => {
        calls.push(options);
        if (calls.length === 1) {
          const input = JSON.stringify({ method: "POST", path: "/notes", body: { text: "hello" } });
          return {
            content: [{ type: "tool-call", toolCallId: "call-1", toolName: apiTool.name, input }],
            finishReason: "tool-calls",
            usage,
            warnings: [],
          };
        }
        return { content: [{ type: "text", text: "done" }], finishReason: "stop", usage, warnings: [] };
      },
    });

    const output = await generateText({
      model,
      prompt: "create a note",
      tools: { [apiTool.name]: defineVercelTool(toVercelAiTool(apiTool, { jsonSchema })) },
      stopWhen: stepCountIs(3),
    });

    // The model was offered our JSON Schema.
    const offered = calls[0]!.tools![0]!;
    expect(offered).toMatchObject({ type: "function", name: "api_notes_api", description: apiTool.description });
    expect((offered as { inputSchema: unknown }).inputSchema).toMatchObject({
      type: "object",
      properties: { method: { type: "string" }, path: { type: "string" } },
    });
    // The call reached the upstream with the credential.
    expect(upstream().requests.at(-1)).toMatchObject({ method: "POST", url: "/v1/notes", body: '{"text":"hello"}' });
    expect(upstream().requests.at(-1)!.headers.authorization).toBe(`Bearer ${token}`);
    // The application gets the structured result; the model reads the formatted text; neither has the secret.
    const toolResult = output.steps[0]!.toolResults[0]!;
    const result = toolResult.output as ToolResult;
    expect(result).toMatchObject({ ok: true, status: 200 });
    const modelSaw = JSON.stringify(calls[1]!.prompt);
    expect(modelSaw).toContain(JSON.stringify(formatToolResult(result)).slice(1, 60));
    expect(findLeaks(modelSaw, token)).toEqual([]);
    expect(findLeaks(JSON.stringify(output.steps), token)).toEqual([]);
    expect(output.text).toBe("done");
  });

  it("lets an invalid call through to execute, which answers INVALID_CALL for the model to fix", async () => {
    const apiTool = createBearerToolFixture({ baseUrl: `${upstream().origin}/v1`, token });
    const vercelTool = toVercelAiTool(apiTool, { jsonSchema });
    expect(await vercelTool.inputSchema.validate!({ path: 3 })).toEqual({ success: true, value: { path: 3 } });
    const result = await vercelTool.execute({ path: 3 }, { abortSignal: undefined });
    expect(result.error?.code).toBe("INVALID_CALL");
    expect(vercelTool.toModelOutput(result)).toEqual({ type: "text", value: formatToolResult(result) });
  });
});
