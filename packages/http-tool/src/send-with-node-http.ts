import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable, Transform } from "node:stream";
import type { AttemptResponse, PendingAttempt } from "./attempt-response";
import { createByteCollector } from "./byte-collector";
import { createDecoders } from "./content-decoding";
import { defaultAgents, type NodeHttpAgents } from "./node-http-agents";
import type { LimitedBody } from "./read-limited-body";
import type { Hop } from "./send-attempt";
import { TRANSPORT_ERROR_CODES } from "./transport-error-codes";

/** What the node:http transport needs besides the hop. */
export interface NodeHttpSettings {
  agents: NodeHttpAgents | undefined;
  lookup: LookupFunction | undefined;
}

/** Sent when the hop does not say, as fetch does: the executor decodes all three. */
const acceptEncoding = "gzip, deflate, br";

const abortError = (): Error => Object.assign(new Error("the request was aborted"), { code: "ABORT_ERR" });

/** Response headers as fetch builds them: repeated names appended (joined with ", "), `set-cookie` kept apart. */
function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return headers;
}

/**
 * Sends one hop with `node:http` / `node:https` through keep-alive agents and
 * hands over the response once its headers arrive. The body is decoded
 * (gzip, x-gzip, deflate, br, chained) with node:zlib streams and counted
 * after decoding; at the limit the response and every decoder are destroyed,
 * so the connection is dropped and nothing more is read. `abort` destroys the
 * request and rejects whatever is pending. A `101 Switching Protocols` answer
 * destroys the socket and fails the attempt (`SRC_PROTOCOL_SWITCHED`); a
 * connection closed before any response fails it at once.
 */
export function sendWithNodeHttp(hop: Hop, settings: NodeHttpSettings): PendingAttempt {
  let failPending: (error: Error) => void = () => undefined;
  let settled = false;
  let request: ReturnType<typeof httpRequest> | undefined;
  const response = new Promise<AttemptResponse>((resolve, reject) => {
    failPending = (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    };
    const url = new URL(hop.url);
    const secure = url.protocol === "https:";
    const headers: Record<string, string> = hop.headers["accept-encoding"] === undefined ? { ...hop.headers, "accept-encoding": acceptEncoding } : hop.headers;
    const options = {
      method: hop.method,
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: secure ? (settings.agents?.https ?? defaultAgents.https) : (settings.agents?.http ?? defaultAgents.http),
      ...(settings.lookup === undefined ? {} : { lookup: settings.lookup }),
    };
    const onResponse = (incoming: IncomingMessage): void => {
      let attemptResponse: AttemptResponse;
      try {
        attemptResponse = toAttemptResponse(incoming, hop.method);
      } catch (error) {
        // Too many content codings: the body is not read, the connection is dropped.
        incoming.destroy();
        failPending(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      settled = true;
      resolve(attemptResponse);
    };
    try {
      request = secure ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
    } catch (error) {
      // Invalid header names or values throw before anything is sent.
      failPending(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    request.on("error", (error) => failPending(error));
    // A 101 answer to a plain request: node emits `upgrade`, never `response`; without this the attempt hung until its timer.
    request.on("upgrade", (incoming: IncomingMessage, socket) => {
      socket.destroy();
      incoming.destroy();
      failPending(Object.assign(new Error("the server switched protocols"), { code: TRANSPORT_ERROR_CODES.PROTOCOL_SWITCHED }));
    });
    // Closed with no response and no error: fail at once instead of waiting for the timer.
    request.on("close", () => {
      if (!settled) failPending(Object.assign(new Error("the connection closed before any response arrived"), { code: "ECONNRESET" }));
    });
    request.end(hop.body);
  });

  function toAttemptResponse(incoming: IncomingMessage, method: string): AttemptResponse {
    const headers = headersOf(incoming);
    const decoders = method === "HEAD" ? [] : createDecoders(headers.get("content-encoding"));
    return {
      status: incoming.statusCode ?? 0,
      statusText: incoming.statusMessage ?? "",
      headers,
      read: (maxBytes) => readBody(incoming, decoders, maxBytes),
      cancel: () => {
        incoming.destroy();
        for (const decoder of decoders) decoder.destroy();
      },
    };
  }

  function readBody(incoming: IncomingMessage, decoders: Transform[], maxBytes: number): Promise<LimitedBody> {
    return new Promise<LimitedBody>((resolve, reject) => {
      const collector = createByteCollector(maxBytes);
      let done = false;
      const destroyAll = (): void => {
        incoming.destroy();
        for (const decoder of decoders) decoder.destroy();
      };
      const fail = (error: Error): void => {
        if (done) return;
        done = true;
        destroyAll();
        reject(error);
      };
      failPending = fail;
      let source: Readable = incoming;
      for (const decoder of decoders) {
        decoder.on("error", fail);
        source = source.pipe(decoder);
      }
      incoming.on("error", fail);
      incoming.on("close", () => {
        if (!incoming.complete) fail(Object.assign(new Error("the connection closed before the response body ended"), { code: "ECONNRESET" }));
      });
      source.on("data", (chunk: Buffer) => {
        if (done || collector.add(chunk)) return;
        done = true;
        destroyAll();
        resolve(collector.finish());
      });
      source.on("end", () => {
        if (done) return;
        done = true;
        resolve(collector.finish());
      });
    });
  }

  return {
    response,
    abort: () => {
      const error = abortError();
      request?.destroy(error);
      failPending(error);
    },
  };
}
