import { describe, expect, it } from "vitest";
import { apiOpenApiShape } from "./api-openapi-schema";

describe("api.openapi", () => {
  it.each([
    { value: "openapi.json", why: "a file in the source's folder" },
    { value: "docs/api.yaml", why: "a file below it" },
    { value: "/srv/specs/api.json", why: "an absolute path" },
    { value: "https://api.example.com/openapi.json", why: "an https: URL" },
    { value: "http://127.0.0.1:8080/openapi.json", why: "a loopback http: URL" },
    { value: "http://localhost/openapi.yaml", why: "localhost over http:" },
  ])("accepts $why", ({ value }) => {
    expect(apiOpenApiShape.openapi.safeParse(value).success).toBe(true);
  });

  it.each([
    {
      value: "http://api.example.com/openapi.json",
      why: "plain http: to another host (the document could be changed on the way)",
      message: /https: URL/,
    },
    {
      value: "https://user:secret@api.example.com/openapi.json",
      why: "a URL with a password",
      message: /username or password/,
    },
    { value: "ftp://example.com/openapi.json", why: "another scheme", message: /https: URL/ },
    { value: "", why: "an empty string", message: /must be a path/ },
  ])("refuses $why", ({ value, message }) => {
    const result = apiOpenApiShape.openapi.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(message);
  });

  it("takes strict, warn or off as openapiValidation", () => {
    for (const mode of ["strict", "warn", "off"])
      expect(apiOpenApiShape.openapiValidation.safeParse(mode).success).toBe(true);
    expect(apiOpenApiShape.openapiValidation.safeParse("loose").error?.issues[0]?.message).toBe(
      'must be "strict", "warn" or "off"',
    );
  });
});
