// The bench's agents, in a process of their own: CONCURRENCY keep-alive
// node:http clients sending the same POST + JSON body in a loop and reading the
// JSON answer. On "run" (IPC) it runs for the given milliseconds and reports
// { done, failed }; an answer counts when its status is 200 and it is not a
// tool result with ok: false.
import { Agent, request } from "node:http";
import { runFor } from "./run-for.mjs";

const { url, body, headers, concurrency } = JSON.parse(process.env.LOAD ?? "{}");
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const requestHeaders = { ...headers, "content-length": Buffer.byteLength(body) };

function once() {
  return new Promise((resolve) => {
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        agent,
        headers: requestHeaders,
      },
      (answer) => {
        const chunks = [];
        answer.on("data", (chunk) => chunks.push(chunk));
        answer.on("end", () => {
          try {
            resolve(answer.statusCode === 200 && JSON.parse(Buffer.concat(chunks).toString("utf8")).ok !== false);
          } catch {
            resolve(false);
          }
        });
      },
    );
    sent.on("error", () => resolve(false));
    sent.end(body);
  });
}

process.on("message", async (message) => process.send?.(await runFor(message.milliseconds, concurrency, once)));
process.on("disconnect", () => process.exit(0));
process.send?.({ ready: true });
