/**
 * A fetch whose name lookups all fail with ENOTFOUND, without asking any DNS
 * server: an Agent of Node's bundled undici (its class is taken from the global
 * dispatcher, so no extra dependency) with a `connect.lookup` that fails.
 */
export async function createFailingDnsFetch(): Promise<typeof fetch> {
  await fetch("data:,warm-up");
  const globalDispatcher = (globalThis as Record<symbol, unknown>)[Symbol.for("undici.globalDispatcher.1")] as object;
  const Agent = globalDispatcher.constructor as new (options: object) => object;
  const agent = new Agent({
    connect: {
      lookup: (hostname: string, _options: unknown, callback: (error: Error) => void) => {
        callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname }));
      },
    },
  });
  return (input, init) => fetch(input, { ...init, dispatcher: agent } as RequestInit);
}
