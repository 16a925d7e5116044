// The minimal pass-through proxy, in a process of its own: every request goes to the upstream's /items with the
// upstream's bearer token (UPSTREAM_PORT, UPSTREAM_TOKEN), and the answer comes back as it is. Reports its port over IPC.
import { Agent, createServer, request } from "node:http";

const port = Number(process.env.UPSTREAM_PORT);
const token = process.env.UPSTREAM_TOKEN;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const server = createServer((incoming, outgoing) => {
  const forward = request(
    {
      host: "127.0.0.1",
      port,
      method: incoming.method,
      path: "/items",
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": incoming.headers["content-type"] ?? "",
        "content-length": incoming.headers["content-length"] ?? "0",
      },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  incoming.pipe(forward);
});
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
