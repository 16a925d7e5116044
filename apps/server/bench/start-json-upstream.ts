// The upstream API the in-process throughput benches call: 1 KB of JSON for the right bearer token, 401 otherwise.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface JsonUpstream {
  port: number;
  token: string;
  payloadBytes: number;
  close(): Promise<void>;
}

export async function startJsonUpstream(): Promise<JsonUpstream> {
  const token = randomBytes(16).toString("hex");
  const payload = JSON.stringify({
    items: Array.from({ length: 12 }, (_, index) => ({ id: index, name: `item-${index}`, note: "x".repeat(47) })),
  });
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    outgoing.writeHead(incoming.headers.authorization === `Bearer ${token}` ? 200 : 401, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(payload),
    });
    outgoing.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    token,
    payloadBytes: Buffer.byteLength(payload),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
