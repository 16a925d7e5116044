import { inspect } from "node:util";
import { AuthorizeError, createAuthRegistry, describeAuthFields } from "@src/auth";
import { describeAuthPluginConformance, runAuthorize, useEchoServer } from "@src/auth/testing";
import { describe, expect, it } from "vitest";
import { createMultiHeaderAuth } from "./multi-header-auth";

const plugin = createMultiHeaderAuth();
const config = { headerNames: ["DD-API-KEY", "DD-APPLICATION-KEY"] };
const credential = { "DD-API-KEY": "dd_api_0123456789abcdef", "DD-APPLICATION-KEY": "dd_app_fedcba9876543210" };

describeAuthPluginConformance(plugin, {
  config,
  credential,
  otherCredential: { "DD-API-KEY": "dd_api_other_value", "DD-APPLICATION-KEY": "dd_app_other_value" },
});

async function applied(
  stored: Record<string, string>,
  names = config.headerNames,
  url = "https://api.example.test/v1/validate",
) {
  const request = { method: "GET", url: new URL(url), headers: new Headers({ "dd-api-key": "old" }) };
  await runAuthorize(plugin, request, {
    config: plugin.configSchema.parse({ headerNames: names }),
    credential: plugin.credentialSchema.parse(stored),
  });
  return request;
}

describe("multi-header placement", () => {
  it("sets every named header to its own secret, replacing one already there, and declares them all", async () => {
    const request = await applied(credential);
    expect(request.headers.get("dd-api-key")).toBe(credential["DD-API-KEY"]);
    expect(request.headers.get("dd-application-key")).toBe(credential["DD-APPLICATION-KEY"]);
    expect(plugin.placement(config)).toEqual({ headers: ["dd-api-key", "dd-application-key"], query: [] });
    expect(plugin.describePlacement(config)).toBe('headers "DD-API-KEY", "DD-APPLICATION-KEY"');
  });

  it("finds a stored value whose name differs only in case (HTTP names ignore case)", async () => {
    const request = await applied({ "dd-api-key": "a1", "dd-application-key": "b2" });
    expect([request.headers.get("DD-API-KEY"), request.headers.get("DD-APPLICATION-KEY")]).toEqual(["a1", "b2"]);
  });

  it("refuses to send part of the set: a missing value is needs_auth naming the header, never a value", async () => {
    const error = await applied({ "DD-API-KEY": "only-one-secret" }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(AuthorizeError.isInstance(error)).toBe(true);
    expect((error as AuthorizeError).outcome).toBe("needs_auth");
    expect((error as Error).message).toContain('"DD-APPLICATION-KEY"');
    expect(inspect(error, { depth: 5 })).not.toContain("only-one-secret");
  });

  it("declares one secret credential field per header name", () => {
    const fields = describeAuthFields(plugin, config);
    expect(fields.credential.map(({ name, label, secret, required }) => ({ name, label, secret, required }))).toEqual([
      { name: "DD-API-KEY", label: "Value of DD-API-KEY", secret: true, required: true },
      { name: "DD-APPLICATION-KEY", label: "Value of DD-APPLICATION-KEY", secret: true, required: true },
    ]);
    expect(fields.config).toEqual([expect.objectContaining({ name: "headerNames", kind: "list", required: true })]);
  });
});

describe("multi-header config", () => {
  const rows: { why: string; headerNames: unknown; message: RegExp }[] = [
    {
      why: "a missing list reads under api.headerNames",
      headerNames: undefined,
      message: /required when api.authType is "multi-header"/,
    },
    { why: "an empty list carries nothing", headerNames: [], message: /at least one header/ },
    { why: "a space is not a header name", headerNames: ["DD API KEY"], message: /valid HTTP header name/ },
    { why: "the service frames the body", headerNames: ["Content-Length"], message: /must not be "Content-Length"/ },
    { why: "Content-Type describes the body", headerNames: ["content-type"], message: /describe the body/ },
    { why: "a header twice (any case) is one header", headerNames: ["X-Key", "x-key"], message: /listed twice/ },
  ];
  it.each(rows)("refuses: $why", ({ headerNames, message }) => {
    const result = plugin.configSchema.safeParse({ headerNames });
    expect(result.error?.issues.map((issue) => issue.message).join("; ")).toMatch(message);
  });

  it("refuses two values for one header whose names differ only in case, naming both, without quoting a value", () => {
    const registry = createAuthRegistry([plugin]);
    const parse = () =>
      registry.parseCredential("multi-header", {
        "DD-API-KEY": "dd_first_value_123",
        "dd-api-key": "dd_second_value_456",
      });
    expect(parse).toThrow(/"DD-API-KEY" and "dd-api-key" are one header \(names ignore case\): give it one value/);
    let message = "";
    try {
      parse();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).not.toMatch(/dd_first|dd_second/);
  });

  it("refuses CR/LF in a value, without quoting it", () => {
    const registry = createAuthRegistry([plugin]);
    expect(() => registry.parseCredential("multi-header", { "DD-API-KEY": "s3cret\r\nX-Admin: 1" })).toThrow(
      /DD-API-KEY: must not contain line breaks/,
    );
  });
});

describe("multi-header over a real connection", () => {
  const echo = useEchoServer();

  it("the server receives each header with its own secret", async () => {
    const echoed = await echo().send(await applied(credential, config.headerNames, `${echo().origin}/api/v1/validate`));
    expect([echoed.headers["dd-api-key"], echoed.headers["dd-application-key"]]).toEqual([
      credential["DD-API-KEY"],
      credential["DD-APPLICATION-KEY"],
    ]);
  });
});
