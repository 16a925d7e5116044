import { createHmac, timingSafeEqual } from "node:crypto";
import { startUpstream, type RecordedRequest, type Upstream } from "@src/http-tool/testing";

/** A running loopback API that checks the HMAC signature of this example. */
export interface SignedUpstream {
  url: string;
  /** `METHOD /target` of every request whose signature was right. */
  verified: string[];
  /** Every request, exactly as it arrived. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Whether `recorded` carries `X-Key-Id: <keyId>` and `X-Signature: hex(HMAC-SHA256(secret, METHOD\npath\n?query\nbody))`. */
function isSigned(recorded: RecordedRequest, { secret, keyId }: { secret: string; keyId: string }): boolean {
  const [path = "", query] = recorded.url.split("?");
  const expected = createHmac("sha256", secret)
    .update([recorded.method, path, query === undefined ? "" : `?${query}`, recorded.body].join("\n"))
    .digest("hex");
  const given = String(recorded.headers["x-signature"] ?? "");
  return (
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected)) &&
    recorded.headers["x-key-id"] === keyId
  );
}

/**
 * The shared test upstream of `@src/http-tool/testing` answering 200 (`{ path, received }`) only to
 * requests signed as this example documents, and 401 to anything else. The signature is computed
 * here independently of the plugin, so a test against it proves the plugin signs correctly.
 */
export async function startSignedUpstream(keys: { secret: string; keyId: string }): Promise<SignedUpstream> {
  const verified: string[] = [];
  const upstream: Upstream = await startUpstream((_request, response, recorded) => {
    const ok = isSigned(recorded, keys);
    if (ok) verified.push(`${recorded.method} ${recorded.url}`);
    response.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
    response.end(JSON.stringify(ok ? { path: recorded.path, received: recorded.body } : { message: "bad signature" }));
  });
  return { url: upstream.url, verified, requests: upstream.requests, close: () => upstream.close() };
}
