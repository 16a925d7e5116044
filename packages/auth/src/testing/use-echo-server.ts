import { afterAll, beforeAll } from "vitest";
import { startEchoServer, type EchoServer } from "./echo-server";

/**
 * Starts an echo server on `host` before the tests of the surrounding
 * `describe` (or file) and closes it after them; call the returned function
 * inside a test for the running server.
 *
 * ```ts
 * describe("over a real connection", () => {
 *   const echo = useEchoServer();
 *   it("sends the key", async () => {
 *     const echoed = await echo().send(request);
 *   });
 * });
 * ```
 */
export function useEchoServer(host?: string): () => EchoServer {
  let server: EchoServer | undefined;
  beforeAll(async () => {
    server = await startEchoServer(host);
  });
  afterAll(() => server?.close());
  return () => {
    if (server === undefined)
      throw new Error("useEchoServer: the echo server is used outside a test; call the function inside it() or a hook");
    return server;
  };
}
