// The bench's upstream API, in a process of its own: a 1 KB JSON answer to any
// request carrying the bearer token in UPSTREAM_TOKEN. Reports its port over IPC.
import { createServer } from "node:http";

const token = process.env.UPSTREAM_TOKEN;
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
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
