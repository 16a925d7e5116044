import { describe, expect, it } from "vitest";
import { headerConfigSchema } from "./header-auth";

describe("api.headerName", () => {
  const rows: { why: string; config: Record<string, unknown>; error?: string | RegExp }[] = [
    { why: "the usual API key header", config: { headerName: "X-Api-Key" } },
    {
      why: "Authorization without a scheme is allowed (some APIs want the raw key)",
      config: { headerName: "Authorization" },
    },
    { why: "every RFC 9110 tchar is valid", config: { headerName: "x!#$%&'*+-.^_`|~9" } },
    {
      why: "missing: the message reads well under api.headerName",
      config: {},
      error: 'required when api.authType is "header"',
    },
    { why: "a number is not a name", config: { headerName: 7 }, error: /must be a string/ },
    { why: "empty names no header", config: { headerName: "" }, error: /must not be empty/ },
    { why: "a space is not a token character", config: { headerName: "X Api Key" }, error: /valid HTTP header name/ },
    { why: "a colon would end the name", config: { headerName: "X-Key:" }, error: /valid HTTP header name/ },
    { why: "CR LF would inject a header", config: { headerName: "X-Key\r\nHost" }, error: /valid HTTP header name/ },
    { why: "unicode is not a token character", config: { headerName: "X-Clé" }, error: /valid HTTP header name/ },
    {
      why: "Host names the target server",
      config: { headerName: "Host" },
      error: 'must not be "Host": it names the server',
    },
    {
      why: "reserved names match case-insensitively",
      config: { headerName: "content-LENGTH" },
      error: /"content-LENGTH": it frames the body; Node computes it/,
    },
    { why: "Content-Type belongs to the body", config: { headerName: "Content-Type" }, error: /_contentType/ },
    {
      why: "Transfer-Encoding frames the body",
      config: { headerName: "transfer-encoding" },
      error: /it frames the body; Node chooses it/,
    },
    { why: "Connection is hop-by-hop", config: { headerName: "Connection" }, error: /connection/ },
    { why: "Keep-Alive is hop-by-hop", config: { headerName: "Keep-Alive" }, error: /hop-by-hop/ },
    {
      why: "Upgrade would switch protocols mid-connection",
      config: { headerName: "upgrade" },
      error: /switch protocols/,
    },
    { why: "Expect changes when the body is sent", config: { headerName: "Expect" }, error: /100-continue/ },
    { why: "TE negotiates transfer codings", config: { headerName: "TE" }, error: /transfer codings/ },
    { why: "Trailer announces fields after the body", config: { headerName: "Trailer" }, error: /after the body/ },
    {
      why: "Proxy-Authorization: the service talks to no proxy",
      config: { headerName: "Proxy-Authorization" },
      error: /talks to no proxy/,
    },
    { why: "every Proxy-* name, by prefix", config: { headerName: "proxy-x-anything" }, error: /Proxy-\* headers/ },
    { why: "a name that merely contains a reserved word is fine", config: { headerName: "X-Upgrade-Token" } },
    { why: "a prototype key is not a reserved name", config: { headerName: "constructor" } },
  ];
  it.each(rows)("$why", ({ config, error }) => {
    const result = headerConfigSchema.safeParse(config);
    if (error === undefined) return expect(result.success).toBe(true);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(["headerName"]);
    if (typeof error === "string") expect(issue?.message).toContain(error);
    else expect(issue?.message).toMatch(error);
  });

  it("keeps unrelated api fields out of the parsed config", () => {
    expect(headerConfigSchema.parse({ headerName: "X-Api-Key", baseUrl: "https://x.test" })).toEqual({
      headerName: "X-Api-Key",
    });
  });
});
