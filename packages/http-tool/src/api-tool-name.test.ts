import { describe, expect, it } from "vitest";
import { apiToolName } from "./api-tool-name";

describe("apiToolName", () => {
  it.each([
    { slug: "github", name: "api_github", why: "plain slug gets the api_ prefix" },
    { slug: "github-api", name: "api_github_api", why: "a dash becomes an underscore" },
    { slug: "a-b-c-1", name: "api_a_b_c_1", why: "every dash is replaced, digits kept" },
  ])("$slug -> $name ($why)", ({ slug, name }) => {
    expect(apiToolName(slug)).toBe(name);
  });

  it("uses only the characters agent APIs allow (a-z, 0-9, _), up to 67 characters for the longest slug", () => {
    // Note: slugs longer than 60 characters give names over the 64-character limit of OpenAI and Anthropic.
    const longest = apiToolName(`a${"-b".repeat(31)}`);
    expect(longest).toMatch(/^[a-z0-9_]+$/);
    expect(longest).toHaveLength(67);
  });
});
