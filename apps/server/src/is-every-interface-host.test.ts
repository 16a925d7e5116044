import { describe, expect, it } from "vitest";
import { isEveryInterfaceHost } from "./is-every-interface-host";

describe("isEveryInterfaceHost", () => {
  it.each([
    { host: "0.0.0.0", expected: true },
    { host: "::", expected: true },
    { host: "[::]", expected: true },
    { host: "0:0:0:0:0:0:0:0", expected: true },
    { host: "", expected: true },
    { host: "127.0.0.1", expected: false },
    { host: "::1", expected: false },
    { host: "0.0.0.1", expected: false },
    { host: "192.168.1.10", expected: false },
    { host: "localhost", expected: false },
    { host: "src.internal", expected: false },
  ])("$host → $expected", ({ host, expected }) => {
    expect(isEveryInterfaceHost(host)).toBe(expected);
  });
});
