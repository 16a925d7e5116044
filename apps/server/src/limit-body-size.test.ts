import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBodySize } from "./limit-body-size";

const maxSize = 100;
let server: Server;
let port: number;

beforeAll(async () => {
  const app = new Hono();
  app.use("*", limitBodySize({ maxSize, onError: (c) => c.json({ error: "too large" }, 413) }));
  app.all("/echo", async (c) => c.json({ method: c.req.method, length: (await c.req.text()).length }));
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends `body` with a Content-Length, or in chunks when `chunked`. */
function send(method: string, body: string, chunked: boolean): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: "/echo",
        headers: chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(Buffer.byteLength(body)) },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({
            status: answer.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    if (chunked) for (let start = 0; start < body.length; start += 30) outgoing.write(body.slice(start, start + 30));
    else outgoing.write(body);
    outgoing.end();
  });
}

describe("limitBodySize", () => {
  it.each([
    { why: "a Content-Length at the limit", method: "POST", size: maxSize, chunked: false, status: 200 },
    { why: "a Content-Length over the limit", method: "POST", size: maxSize + 1, chunked: false, status: 413 },
    { why: "a chunked body under the limit", method: "PUT", size: 90, chunked: true, status: 200 },
    { why: "a chunked body over the limit", method: "PUT", size: 250, chunked: true, status: 413 },
    { why: "an empty POST", method: "POST", size: 0, chunked: false, status: 200 },
  ])("$why: $status", async ({ method, size, chunked, status }) => {
    const answer = await send(method, "x".repeat(size), chunked);
    expect(answer.status).toBe(status);
    if (status === 200) expect(answer.json).toEqual({ method, length: size });
    else expect(answer.json).toEqual({ error: "too large" });
  });

  it("lets a GET through", async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/echo`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ method: "GET", length: 0 });
  });
});
