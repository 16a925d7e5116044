// The minimal node:http pass-through proxy as a request listener (plain JavaScript: proxy-process.mjs runs it in a
// process of its own, cpu-per-call.bench.ts in the bench's): every request goes to the upstream's /items on `port`
// with its bearer `token` through `agent`, and the answer comes back as it is.
import { request } from "node:http";

export function passThroughListener({ port, token, agent }) {
  return (incoming, outgoing) => {
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
  };
}
