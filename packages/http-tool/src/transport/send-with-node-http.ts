import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { Duplex, Readable, Transform } from "node:stream";
import type { AttemptResponse, PendingAttempt } from "./attempt-response";
import { createByteCollector, type ByteCollector } from "./byte-collector";
import { createDecoders } from "./content-decoding";
import { defaultAgents, type NodeHttpAgents } from "./node-http-agents";
import type { LimitedBody } from "./limited-body";
import { createResponseHeaders } from "./response-headers";
import type { Hop } from "./hop";
import { TRANSPORT_ERROR_CODES } from "./transport-error-codes";

/** What the node:http transport needs besides the hop. */
export interface NodeHttpSettings {
  agents: NodeHttpAgents | undefined;
  lookup: LookupFunction | undefined;
}

/** Sent when the hop does not say, as fetch does: the executor decodes all three. */
const acceptEncoding = "gzip, deflate, br";

const noDecoders: Transform[] = [];

const abortError = (): Error => Object.assign(new Error("the request was aborted"), { code: "ABORT_ERR" });

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Where an exchange stands. A failure rejects what is pending in the current
 * phase and nothing else: `waiting` rejects the response, `reading` the body;
 * in `handedOver` (the response was handed over, its body not yet asked for)
 * and `finished` there is nothing to reject.
 */
type ExchangePhase = "waiting" | "handedOver" | "reading" | "finished";

/** The body being read: where it settles, and what it has gathered. */
interface BodyRead {
  resolve: (body: LimitedBody) => void;
  reject: (error: Error) => void;
  collector: ByteCollector;
}

/**
 * One request and its response on node:http. A class with its state in
 * fields, so that an attempt costs one object and a handful of listeners
 * instead of a closure per step: this runs on every agent call.
 */
class NodeHttpExchange implements PendingAttempt {
  readonly response: Promise<AttemptResponse>;
  private phase: ExchangePhase = "waiting";
  private request: ClientRequest | undefined;
  private incoming: IncomingMessage | undefined;
  private decoders: Transform[] = noDecoders;
  private resolveResponse: (response: AttemptResponse) => void = () => undefined;
  private rejectResponse: (error: Error) => void = () => undefined;
  private body: BodyRead | undefined;
  /** Fails whatever is pending (request, socket, incoming or decoder errors); one function reused as every `error` listener. */
  private readonly onError = (error: Error): void => this.fail(error);

  constructor(
    private readonly hop: Hop,
    settings: NodeHttpSettings,
  ) {
    this.response = new Promise<AttemptResponse>((resolve, reject) => {
      this.resolveResponse = resolve;
      this.rejectResponse = reject;
    });
    let request: ClientRequest;
    try {
      request = this.send(settings);
    } catch (error) {
      // An invalid URL, header name or value throws before anything is sent.
      this.fail(asError(error));
      return;
    }
    this.request = request;
    request.on("error", this.onError);
    // A 101 answer to a plain request: node emits `upgrade`, never `response`; without this the attempt hung until its timer.
    request.on("upgrade", (incoming: IncomingMessage, socket: Duplex) => {
      socket.destroy();
      incoming.destroy();
      this.fail(
        Object.assign(new Error("the server switched protocols"), { code: TRANSPORT_ERROR_CODES.PROTOCOL_SWITCHED }),
      );
    });
    // Closed with no response and no error: fail at once instead of waiting for the timer.
    request.on("close", () => {
      if (this.phase === "waiting")
        this.fail(
          Object.assign(new Error("the connection closed before any response arrived"), { code: "ECONNRESET" }),
        );
    });
    try {
      request.end(this.hop.body);
    } catch (error) {
      this.fail(asError(error));
    }
  }

  private send(settings: NodeHttpSettings): ClientRequest {
    const hop = this.hop;
    const url = new URL(hop.url);
    const secure = url.protocol === "https:";
    const headers: Record<string, string> =
      hop.headers["accept-encoding"] === undefined
        ? { ...hop.headers, "accept-encoding": acceptEncoding }
        : hop.headers;
    const options = {
      method: hop.method,
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      port: url.port,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: secure ? (settings.agents?.https ?? defaultAgents.https) : (settings.agents?.http ?? defaultAgents.http),
      ...(settings.lookup === undefined ? {} : { lookup: settings.lookup }),
    };
    const onResponse = (incoming: IncomingMessage): void => this.receive(incoming);
    return secure ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
  }

  /** The status line and headers arrived: hand the response over, its body unread. */
  private receive(incoming: IncomingMessage): void {
    let response: AttemptResponse;
    try {
      const headers = createResponseHeaders(incoming.rawHeaders);
      this.decoders = this.hop.method === "HEAD" ? noDecoders : createDecoders(headers.get("content-encoding"));
      this.incoming = incoming;
      response = {
        status: incoming.statusCode ?? 0,
        statusText: incoming.statusMessage ?? "",
        headers,
        read: (maxBytes) => this.read(maxBytes),
        cancel: () => this.destroyResponse(incoming),
      };
    } catch (error) {
      // Too many content codings: the body is not read, the connection is dropped.
      incoming.destroy();
      this.fail(asError(error));
      return;
    }
    if (this.phase !== "waiting") return;
    this.phase = "handedOver";
    this.resolveResponse(response);
  }

  /** Reads the (decoded) body up to `maxBytes`; at the limit the response and every decoder are destroyed. */
  private read(maxBytes: number): Promise<LimitedBody> {
    const incoming = this.incoming as IncomingMessage;
    return new Promise<LimitedBody>((resolve, reject) => {
      this.body = { resolve, reject, collector: createByteCollector(maxBytes) };
      this.phase = "reading";
      let source: Readable = incoming;
      for (const decoder of this.decoders) {
        decoder.on("error", this.onError);
        source = source.pipe(decoder);
      }
      incoming.on("error", this.onError);
      incoming.on("close", () => {
        if (!incoming.complete)
          this.fail(
            Object.assign(new Error("the connection closed before the response body ended"), { code: "ECONNRESET" }),
          );
      });
      source.on("data", (chunk: Buffer) => this.gather(chunk));
      source.on("end", () => this.finish());
    });
  }

  private gather(chunk: Buffer): void {
    const body = this.body;
    if (this.phase !== "reading" || body === undefined || body.collector.add(chunk)) return;
    this.phase = "finished";
    this.destroyResponse(this.incoming as IncomingMessage);
    body.resolve(body.collector.finish());
  }

  private finish(): void {
    const body = this.body;
    if (this.phase !== "reading" || body === undefined) return;
    this.phase = "finished";
    body.resolve(body.collector.finish());
  }

  /** Rejects what is pending now (the response or the body being read); later failures change nothing. */
  private fail(error: Error): void {
    if (this.phase === "waiting") {
      this.phase = "handedOver";
      this.rejectResponse(error);
    } else if (this.phase === "reading") {
      this.phase = "finished";
      this.destroyResponse(this.incoming as IncomingMessage);
      this.body?.reject(error);
    }
  }

  private destroyResponse(incoming: IncomingMessage): void {
    incoming.destroy();
    for (const decoder of this.decoders) decoder.destroy();
  }

  abort(): void {
    const error = abortError();
    this.request?.destroy(error);
    this.fail(error);
  }
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
  return new NodeHttpExchange(hop, settings);
}
