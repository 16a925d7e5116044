import { describe, expect, it } from "vitest";
import { describeApiTool, maxToolDescriptionBytes } from "./describe-api-tool";
import { createSourceRecordFixture } from "../testing/source-record-fixture";

describe("describeApiTool", () => {
  const source = createSourceRecordFixture({ name: "Weather Service", slug: "weather", api: { baseUrl: "https://api.weather.example/v2" } });
  const description = describeApiTool(source);

  it.each([
    { fact: "the API's name", pattern: /Weather Service/ },
    { fact: "the base URL", pattern: /https:\/\/api\.weather\.example\/v2/ },
    { fact: "that authentication is automatic", pattern: /Authentication is automatic/ },
    { fact: "that the agent must never supply the credential", pattern: /never send tokens, keys or passwords/ },
    { fact: "that a call is a method and a path under the base URL", pattern: /with a method and a path under that URL/ },
    { fact: "how to narrow long results", pattern: /select \(JMESPath\), paginate, resultRef/ },
  ])("mentions $fact", ({ pattern }) => {
    expect(description).toMatch(pattern);
  });

  it("is short (about 300 bytes): every source lists one, and what they share is said once, in apiToolInstructions", () => {
    expect(Buffer.byteLength(description)).toBeLessThan(320);
  });

  it.each([
    { why: "ordinary source", name: "Weather Service", baseUrl: "https://api.weather.example/v2" },
    { why: "200-character name", name: "N".repeat(200), baseUrl: "https://api.example.com" },
    { why: "multi-byte name", name: "数据服务🌦".repeat(40), baseUrl: "https://api.example.com" },
    { why: "very long base URL", name: "Long", baseUrl: `https://api.example.com/${"segment/".repeat(300)}` },
    { why: "everything long at once", name: "é".repeat(200), baseUrl: `https://${"sub.".repeat(50)}example.com/${"ü".repeat(500)}` },
  ])("stays under 1 KB of UTF-8: $why", ({ name, baseUrl }) => {
    const text = describeApiTool(createSourceRecordFixture({ name, api: { baseUrl } }));
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(maxToolDescriptionBytes);
    expect(text).toMatch(/Authentication is automatic/);
  });
});
