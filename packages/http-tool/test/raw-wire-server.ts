import { createServer as createNetServer, type Server as NetServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** A raw TCP server: `answer` gets the request's path and the socket, and writes whatever bytes the case needs. */
export interface Wire {
  origin: string;
  /** Paths requested, in order. */
  paths: string[];
  /** Sockets closed (by either side), counted. */
  closed: () => number;
  /** Paths whose headers were written (the body may be pending). */
  headersSent: Set<string>;
  close(): Promise<void>;
}

export async function startWire(
  answer: (path: string, socket: Socket, wire: Wire) => void,
  host = "127.0.0.1",
): Promise<Wire> {
  const sockets = new Set<Socket>();
  let closed = 0;
  const server: NetServer = createNetServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      closed += 1;
      sockets.delete(socket);
    });
    socket.on("error", () => undefined);
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      // One request per connection is enough here; bodies (POST) are small and arrive with the head.
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const path = received.slice(0, end).split(" ")[1] ?? "/";
      received = "";
      wire.paths.push(path);
      answer(path.split("?")[0] ?? "/", socket, wire);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const wire: Wire = {
    origin: `http://${host}:${port}`,
    paths: [],
    closed: () => closed,
    headersSent: new Set(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return wire;
}

/** An HTTP/1.1 status line and header lines, ending with the blank line. */
export const head = (status: string, headers: string[]): string =>
  `HTTP/1.1 ${status}\r\n${headers.map((line) => `${line}\r\n`).join("")}\r\n`;
