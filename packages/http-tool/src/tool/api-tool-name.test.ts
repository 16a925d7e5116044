import { describe, expect, it } from "vitest";
import { apiToolName } from "./api-tool-name";
import { operationsToolName } from "./operations-tool-name";
import { writeToolName } from "./write-tool-name";

describe("apiToolName", () => {
  it.each([
    { slug: "github", name: "api_github", why: "plain slug gets the api_ prefix" },
    { slug: "github-api", name: "api_github_api", why: "a dash becomes an underscore" },
    { slug: "a-b-c-1", name: "api_a_b_c_1", why: "every dash is replaced, digits kept" },
  ])("$slug -> $name ($why)", ({ slug, name }) => {
    expect(apiToolName(slug)).toBe(name);
  });

  it("keeps every name within the 64 characters agent APIs allow, unique, for slugs up to 63 characters", () => {
    const sixty = "a".repeat(60);
    expect(apiToolName(sixty)).toBe(`api_${sixty}`);
    const longest = apiToolName(`a${"-b".repeat(31)}`);
    expect(longest).toMatch(/^[a-z0-9_]{1,64}$/);
    expect(longest).toHaveLength(64);
    expect(apiToolName(`${"a".repeat(62)}b`)).not.toBe(apiToolName(`${"a".repeat(62)}c`));
    expect(apiToolName("a".repeat(61))).toMatch(/^api_a{51}_[0-9a-f]{8}$/);
  });

  it.each([
    { tool: "operations", toolName: operationsToolName, suffix: "_operations" },
    { tool: "write", toolName: writeToolName, suffix: "_write" },
  ])("the $tool tool's name keeps its suffix whole when the slug is cut", ({ toolName, suffix }) => {
    expect(toolName("github-api")).toBe(`api_github_api${suffix}`);
    const long = toolName("a".repeat(61));
    expect(long).toHaveLength(64);
    expect(long).toMatch(new RegExp(`^api_a+_[0-9a-f]{8}${suffix}$`));
    expect(long.slice(-suffix.length - 9, -suffix.length)).toBe(apiToolName("a".repeat(61)).slice(-9));
  });
});
