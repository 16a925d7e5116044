import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EchoServer } from "./echo-server";
import { startEchoServer } from "./echo-server";

describe("startEchoServer", () => {
  let server: EchoServer;
  beforeAll(async () => {
    server = await startEchoServer();
  });
  afterAll(() => server.close());

  it("echoes the method, target, headers and body a real request carried", async () => {
    const echoed = await server.send({
      method: "POST",
      url: new URL(`${server.origin}/v1/items?a=%20b`),
      headers: new Headers({ "x-api-key": "k" }),
      body: "{}",
    });
    expect(echoed).toMatchObject({ method: "POST", target: "/v1/items?a=%20b", body: "{}" });
    expect(echoed.headers["x-api-key"]).toBe("k");
  });
});
