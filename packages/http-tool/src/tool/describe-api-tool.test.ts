import { describe, expect, it } from "vitest";
import { describeApiTool, maxToolDescriptionBytes } from "./describe-api-tool";
import { createSourceRecordFixture } from "../testing/source-record-fixture";

describe("describeApiTool", () => {
  const source = createSourceRecordFixture({
    name: "Weather Service",
    slug: "weather",
    api: { baseUrl: "https://api.weather.example/v2" },
  });
  const description = describeApiTool(source);

  it.each([
    { fact: "the API's name", pattern: /Weather Service/ },
    { fact: "the base URL", pattern: /https:\/\/api\.weather\.example\/v2/ },
    { fact: "that authentication is automatic", pattern: /Authentication is automatic/ },
    { fact: "that the agent must never supply the credential", pattern: /never send tokens, keys or passwords/ },
    {
      fact: "that a call is a method and a path under the base URL",
      pattern: /with a method and a path under that URL/,
    },
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
    {
      why: "everything long at once",
      name: "é".repeat(200),
      baseUrl: `https://${"sub.".repeat(50)}example.com/${"ü".repeat(500)}`,
    },
  ])("stays under 1 KB of UTF-8: $why", ({ name, baseUrl }) => {
    const text = describeApiTool(createSourceRecordFixture({ name, api: { baseUrl } }));
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(maxToolDescriptionBytes);
    expect(text).toMatch(/Authentication is automatic/);
  });

  it.each([
    {
      status: "needs_auth" as const,
      canSignIn: false,
      says: /^Calls the REST API .* under that URL\. Status: needs_auth \(the API refused the stored credential at the last check\): calls fail until an operator stores a new credential; tell your user instead of retrying\. Authentication/,
    },
    {
      status: "needs_auth" as const,
      canSignIn: true,
      says: /until an operator signs in again or stores a new credential/,
    },
    {
      status: "failed" as const,
      canSignIn: false,
      says: /\. Status: failed \(the last check of this API failed\): calls may fail until an operator fixes the source or the API is back; if they do, tell your user instead of retrying\. Authentication/,
    },
  ])(
    "says a $status source's status and what the operator must do, right after the first sentence",
    ({ status, canSignIn, says }) => {
      const record = createSourceRecordFixture({
        name: "Weather Service",
        api: { baseUrl: "https://api.weather.example/v2" },
      });
      // A mode that signs a person in (its plugin has sign-in steps) adds the sign-in to what the operator may do, and its own line.
      const auth = canSignIn
        ? {
            canSignIn,
            description:
              "It uses OAuth 2.0 (authorization code grant) with the scopes read: only what those scopes allow will succeed.",
          }
        : {};
      const text = describeApiTool(
        { ...record, status: { ...record.status, connectionStatus: status } },
        undefined,
        undefined,
        auth,
      );
      expect(text).toMatch(says);
      // Still short: the status adds one sentence (and the plugin its own).
      expect(Buffer.byteLength(text)).toBeLessThan(canSignIn ? 640 : 520);
    },
  );

  it.each(["connected", "untested"] as const)("says nothing of the status of a %s source", (status) => {
    const record = createSourceRecordFixture({ name: "Weather Service" });
    expect(describeApiTool({ ...record, status: { ...record.status, connectionStatus: status } })).not.toMatch(
      /Status:/,
    );
  });

  it("keeps the status under 1 KB whatever the name, base URL and title", () => {
    const record = createSourceRecordFixture({
      name: "N".repeat(200),
      api: { baseUrl: `https://api.example.com/${"segment/".repeat(30)}` },
    });
    const text = describeApiTool(
      { ...record, status: { ...record.status, connectionStatus: "failed" } },
      { title: "T".repeat(200), operations: 1200, toolName: "api_x_operations" },
    );
    expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(maxToolDescriptionBytes);
    expect(text).toContain("Status: failed (");
  });
});
