import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A running loopback API that checks the examples/auth-hmac signature. */
export interface SignedUpstream {
  url: string;
  /** `METHOD /target` of every request whose signature was right. */
  verified: string[];
  close(): Promise<void>;
}

/**
 * Answers 200 (`{ path, received }`) only to requests signed as examples/auth-hmac
 * documents: `X-Key-Id: <keyId>` and `X-Signature: hex(HMAC-SHA256(secret, METHOD\npath\n?query\nbody))`;
 * anything else gets 401. Computed here independently of the plugin.
 */
export async function startSignedUpstream({ secret, keyId }: { secret: string; keyId: string }): Promise<SignedUpstream> {
  const verified: string[] = [];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
    request.on("end", () => {
      const [path = "", query] = (request.url ?? "/").split("?");
      const expected = createHmac("sha256", secret).update([request.method, path, query === undefined ? "" : `?${query}`, body].join("\n")).digest("hex");
      const given = String(request.headers["x-signature"] ?? "");
      const ok = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected)) && request.headers["x-key-id"] === keyId;
      if (ok) verified.push(`${request.method} ${request.url}`);
      response.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      response.end(JSON.stringify(ok ? { path, received: body } : { message: "bad signature" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, verified, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
