import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMode, leaksIn } from "../../test/auth-modes";
import { runCall } from "../../test/run-call";

// Audit 2, finding 4: a `101 Switching Protocols` answer to a plain request made node emit `upgrade`, not
// `response`, and the attempt hung until its timer. A raw TCP server on 127.0.0.1 plays the upstream.
const mode = authMode("bearer");
let server: Server;
let origin: string;
let connections = 0;
let answer: (socket: Socket, request: string) => void = () => undefined;

beforeAll(async () => {
  server = createServer((socket) => {
    connections += 1;
    let received = "";
    socket.on("error", () => undefined);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.includes("\r\n\r\n")) answer(socket, received);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// A timeout far above what the answers need: a hang would end as TIMEOUT, which the assertions reject.
const api = { timeoutMs: 10_000, retries: 1 };

describe("answers that are not an HTTP/1.1 response", () => {
  it.each(["GET", "HEAD"])(
    "101 Switching Protocols to a plain %s: NETWORK, not retried, socket dropped",
    async (method) => {
      answer = (socket, request) => {
        const echoed = /authorization: ([^\r]*)/i.exec(request)?.[1] ?? "";
        socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n${echoed}`);
      };
      const before = connections;
      const { result } = await runCall(`${origin}/v1`, mode, { method, path: "/x" }, { api });
      expect(result).toMatchObject({ ok: false, status: 0, attempts: 1, error: { code: "NETWORK", retryable: false } });
      expect(result.error?.message).toMatch(/the server switched protocols; src speaks HTTP\/1\.1 only/);
      expect(connections - before).toBe(1);
      expect(leaksIn(JSON.stringify(result), mode)).toEqual([]);
    },
  );

  it("a connection closed without any response fails the attempt (reset, retried once), not at the timeout", async () => {
    answer = (socket) => socket.destroy();
    const before = connections;
    const { result } = await runCall(`${origin}/v1`, mode, { method: "GET", path: "/x" }, { api });
    expect(result).toMatchObject({ ok: false, status: 0, attempts: 2, error: { code: "NETWORK", retryable: true } });
    expect(result.error?.code).not.toBe("TIMEOUT");
    expect(connections - before).toBe(2);
  });

  it("a normal answer on the same server still works after those", async () => {
    answer = (socket) =>
      socket.end(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 8\r\nConnection: close\r\n\r\n{"ok":1}',
      );
    const { result } = await runCall(`${origin}/v1`, mode, { method: "GET", path: "/x" }, { api });
    expect(result).toMatchObject({ ok: true, status: 200, body: { kind: "json", value: { ok: 1 } } });
  });
});
