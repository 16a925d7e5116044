import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./is-loopback-host";

describe("isLoopbackHost", () => {
  it.each([
    { host: "127.0.0.1", expected: true },
    { host: "127.0.0.2", expected: true },
    { host: "127.255.255.254", expected: true },
    { host: "localhost", expected: true },
    { host: "LOCALHOST", expected: true },
    { host: "::1", expected: true },
    { host: "[::1]", expected: true },
    { host: "0.0.0.0", expected: false },
    { host: "::", expected: false },
    { host: "192.168.1.10", expected: false },
    { host: "10.0.0.1", expected: false },
    { host: "128.0.0.1", expected: false },
    { host: "example.com", expected: false },
    { host: "localhost.example.com", expected: false },
    { host: "127.0.0.1.example.com", expected: false },
  ])("$host → $expected", ({ host, expected }) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
