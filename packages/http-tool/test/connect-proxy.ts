import { createServer, request as forward, type IncomingMessage } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";

/** A real proxy on 127.0.0.1: CONNECT tunnels and forwarded plain requests, keeping every byte it saw. */
export interface RecordingProxy {
  readonly url: string;
  /** `host:port` of each CONNECT. */
  readonly tunnels: string[];
  /** Absolute URLs of forwarded plain requests. */
  readonly forwarded: string[];
  /** Everything the proxy saw, both ways: request lines, headers and tunnelled bytes. */
  seen(): string;
  close(): Promise<void>;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
  const chunks: Buffer[] = [];
  const tunnels: string[] = [];
  const forwarded: string[] = [];
  const sockets = new Set<Socket>();
  const record = (request: IncomingMessage): void => {
    chunks.push(Buffer.from(`${request.method} ${request.url}\n${request.rawHeaders.join("\n")}\n`));
  };
  const server = createServer((request, response) => {
    record(request);
    forwarded.push(request.url ?? "");
    const upstream = forward(request.url ?? "", { method: request.method, headers: request.headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.pipe(response);
    });
    upstream.on("error", () => response.destroy());
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.pipe(upstream);
  });
  server.on("connect", (request: IncomingMessage, client: Socket, head: Buffer) => {
    record(request);
    tunnels.push(request.url ?? "");
    const [host, port] = (request.url ?? "").split(":");
    const target = connect(Number(port), host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) target.write(head);
      client.on("data", (chunk: Buffer) => chunks.push(chunk));
      target.on("data", (chunk: Buffer) => chunks.push(chunk));
      client.pipe(target);
      target.pipe(client);
    });
    for (const socket of [client, target]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        target.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    forwarded,
    seen: () => Buffer.concat(chunks).toString("utf8"),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
