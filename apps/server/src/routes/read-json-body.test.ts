import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonBody } from "./read-json-body";

// The same body through an `app.openapi` route with a z.unknown() JSON body
// (the stack readJsonBody stands in for) and through readJsonBody: every row
// must get the same answer from both.
const app = new OpenAPIHono();
const route = createRoute({
  method: "post",
  path: "/validated",
  request: { body: { required: true, content: { "application/json": { schema: z.unknown() } } } },
  responses: { 200: { description: "the body" } },
});
app.openapi(route, (c) => c.json({ value: c.req.valid("json") }, 200));
app.post("/read", async (c) => c.json({ value: await readJsonBody(c) }, 200));
app.onError((thrown, c) =>
  c.json(
    { error: thrown instanceof HTTPException ? thrown.status : "other" },
    thrown instanceof HTTPException ? thrown.status : 500,
  ),
);

let server: Server;
let base: string;
beforeAll(async () => {
  server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function post(path: string, contentType: string, body: string): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": contentType }, body });
  return { status: answer.status, body: await answer.json() };
}

describe("readJsonBody", () => {
  it.each([
    { why: "a JSON call", contentType: "application/json", body: '{"method":"GET","path":"/a"}', status: 200 },
    { why: "a charset parameter", contentType: "application/json; charset=utf-8", body: '{"a":1}', status: 200 },
    { why: "a +json media type", contentType: "application/vnd.api+json", body: "[1,2]", status: 200 },
    { why: "JSON that is not an object", contentType: "application/json", body: '"text"', status: 200 },
    {
      why: "a digit in the +json prefix (the gate refuses it)",
      contentType: "application/vnd1+json",
      body: "{}",
      status: 415,
    },
    {
      why: "a space before the parameter (the gate refuses it)",
      contentType: "application/json ; charset=utf-8",
      body: "{}",
      status: 415,
    },
    { why: "a parameter without a value", contentType: "application/json;charset", body: "{}", status: 415 },
    { why: "malformed JSON", contentType: "application/json", body: '{"method":', status: 400 },
    { why: "an empty body", contentType: "application/json", body: "", status: 400 },
    { why: "text/plain", contentType: "text/plain", body: "{}", status: 415 },
  ])("$why: $status, as the validated route", async ({ contentType, body, status }) => {
    const validated = await post("/validated", contentType, body);
    const read = await post("/read", contentType, body);
    expect(read).toEqual(validated);
    expect(read.status).toBe(status);
    if (status === 200) expect(read.body).toEqual({ value: JSON.parse(body) as unknown });
  });
});
