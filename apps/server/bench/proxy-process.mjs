// The minimal pass-through proxy, in a process of its own: every request goes to the upstream's /items with the
// upstream's bearer token (UPSTREAM_PORT, UPSTREAM_TOKEN), and the answer comes back as it is. Reports its port over IPC.
import { Agent, createServer } from "node:http";
import { passThroughListener } from "./pass-through-proxy.mjs";

const server = createServer(
  passThroughListener({
    port: Number(process.env.UPSTREAM_PORT),
    token: process.env.UPSTREAM_TOKEN,
    agent: new Agent({ keepAlive: true, maxSockets: 64 }),
  }),
);
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
