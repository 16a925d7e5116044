// The bench's agents, in a process of their own: CONCURRENCY keep-alive
// node:http clients sending the same POST + JSON body in a loop and reading the
// JSON answer. On "run" (IPC) it runs for the given milliseconds and reports
// { done, failed }; an answer counts when its status is 200 and it is not a
// tool result with ok: false.
import { Agent, request } from "node:http";
import { runFor } from "./run-for.mjs";

const { url, body, headers, concurrency, method = "POST" } = JSON.parse(process.env.LOAD ?? "{}");
const target = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
// A GET sends no body: no content-type and no content-length (a length with no body would desync the keep-alive socket).
const requestHeaders =
  method === "GET"
    ? { authorization: headers.authorization }
    : { ...headers, "content-length": Buffer.byteLength(body) };

function once() {
  return new Promise((resolve) => {
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
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
    if (method === "GET") sent.end();
    else sent.end(body);
  });
}

process.on("message", async (message) => process.send?.(await runFor(message.milliseconds, concurrency, once)));
process.on("disconnect", () => process.exit(0));
process.send?.({ ready: true });
