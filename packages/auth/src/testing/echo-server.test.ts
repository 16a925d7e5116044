import { describe, expect, it } from "vitest";
import { useEchoServer } from "./use-echo-server";

describe("startEchoServer", () => {
  const echo = useEchoServer();

  it("echoes the method, target, headers and body a real request carried", async () => {
    const echoed = await echo().send({
      method: "POST",
      url: new URL(`${echo().origin}/v1/items?a=%20b`),
      headers: new Headers({ "x-api-key": "k" }),
      body: "{}",
    });
    expect(echoed).toMatchObject({ method: "POST", target: "/v1/items?a=%20b", body: "{}" });
    expect(echoed.headers["x-api-key"]).toBe("k");
  });
});
