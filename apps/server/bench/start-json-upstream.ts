// The upstream API the in-process throughput benches call: 1 KB of JSON for the right bearer token, 401 otherwise.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { jsonPayloadBytes, jsonUpstreamListener } from "./json-upstream.mjs";

export interface JsonUpstream {
  port: number;
  token: string;
  payloadBytes: number;
  close(): Promise<void>;
}

export async function startJsonUpstream(): Promise<JsonUpstream> {
  const token = randomBytes(16).toString("hex");
  const server = createServer(jsonUpstreamListener(token));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    token,
    payloadBytes: jsonPayloadBytes,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
