import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

const controllers = new WeakMap<Socket, AbortController>();

/**
 * A signal that aborts when the agent's connection closes, so an agent that
 * goes away cancels its upstream call. One per connection rather than one per
 * request: an `AbortController` per call (what `c.req.raw.signal` makes under
 * @hono/node-server) was a measurable part of the agent's hot route, and an
 * HTTP/1.1 connection carries one request at a time, so when it closes every
 * call made on it has lost its caller. Other hosts (and `app.request()` in
 * tests) use the request's own signal.
 */
export function connectionSignal(c: { env: unknown; req: { raw: Request } }): AbortSignal {
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (socket === undefined || socket === null) return c.req.raw.signal;
  let controller = controllers.get(socket);
  if (controller === undefined) {
    const created = new AbortController();
    controller = created;
    controllers.set(socket, created);
    socket.once("close", () => created.abort(new Error("the agent closed its connection")));
  }
  return controller.signal;
}
