import { describe, expect, it } from "vitest";
import { allowedHostsFor, hostNameOf, isAllowedHost } from "./check-host";

describe("isAllowedHost", () => {
  it.each([
    { why: "the loopback address and port", listening: "127.0.0.1", host: "127.0.0.1:7410", allowed: true },
    { why: "localhost on a loopback bind", listening: "127.0.0.1", host: "localhost:7410", allowed: true },
    { why: "a re-bound attacker name", listening: "127.0.0.1", host: "attacker.example:7410", allowed: false },
    { why: "a name ending in localhost", listening: "127.0.0.1", host: "evil-localhost:7410", allowed: false },
    {
      why: "a sub-domain of localhost is not localhost",
      listening: "127.0.0.1",
      host: "a.localhost.example:7410",
      allowed: false,
    },
    { why: "another loopback address", listening: "127.0.0.1", host: "127.0.0.2:7410", allowed: false },
    {
      why: "an --allowed-host name",
      listening: "127.0.0.1",
      host: "SRC.internal:80",
      extra: ["src.internal"],
      allowed: true,
    },
    {
      why: "an --allowed-host name with a trailing dot",
      listening: "127.0.0.1",
      host: "src.internal.:80",
      extra: ["src.internal"],
      allowed: true,
    },
    { why: "IPv6 loopback in brackets", listening: "::1", host: "[::1]:7410", allowed: true },
    { why: "any address literal on a wildcard bind", listening: "0.0.0.0", host: "10.1.2.3:7410", allowed: true },
    { why: "a name on a wildcard bind", listening: "0.0.0.0", host: "attacker.example", allowed: false },
    { why: "an empty Host", listening: "127.0.0.1", host: "", allowed: false },
  ])("$why", ({ listening, host, extra, allowed }) => {
    expect(isAllowedHost(host, allowedHostsFor(listening, extra))).toBe(allowed);
  });

  it("reads the name out of every Host form", () => {
    expect(hostNameOf("Example.COM:8080")).toBe("example.com");
    expect(hostNameOf("[::1]:7410")).toBe("::1");
    expect(hostNameOf("example.com")).toBe("example.com");
  });
});
