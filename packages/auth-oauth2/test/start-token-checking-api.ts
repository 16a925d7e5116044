import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A running API that accepts a bearer token only when an authorization server issued it. */
export interface TokenCheckingApi {
  /** Its base URL, ending in `/v1`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts an API on 127.0.0.1 that answers 200 `{ path }` (and `authorization`, the header as it came, when
 * `echoAuthorization`) to a bearer token `accepts` resolves true for, and 401 `{ error: "invalid_token" }` to anything
 * else.
 */
export async function startTokenCheckingApi(
  accepts: (token: string) => Promise<boolean>,
  { echoAuthorization = false }: { echoAuthorization?: boolean } = {},
): Promise<TokenCheckingApi> {
  const server = createServer((request, response) => {
    const token = (request.headers.authorization ?? "").replace(/^Bearer /, "");
    void accepts(token).then((accepted) => {
      const echoed = echoAuthorization ? { authorization: request.headers.authorization } : {};
      response
        .writeHead(accepted ? 200 : 401, { "content-type": "application/json" })
        .end(JSON.stringify(accepted ? { path: request.url, ...echoed } : { error: "invalid_token" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
