import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** One span as an OTLP/HTTP JSON export carries it, with its attributes read into plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** `service.name` and the other resource attributes of the process that sent it. */
  resource: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
}

/** A collector stand-in on 127.0.0.1: takes OTLP/HTTP JSON (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) on `/v1/traces`. */
export interface OtlpReceiver {
  /** The endpoint to give as `OTEL_EXPORTER_OTLP_ENDPOINT`. */
  url: string;
  /** Every request body received, as it arrived: the secret scan reads these, not the parsed spans. */
  bodies: string[];
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type OtlpAttribute = { key: string; value: OtlpValue };

const valueOf = (value: OtlpValue): string | number | boolean =>
  value.stringValue ??
  (value.intValue === undefined ? undefined : Number(value.intValue)) ??
  value.boolValue ??
  value.doubleValue ??
  "";
const attributesOf = (attributes: OtlpAttribute[] | undefined): Record<string, string | number | boolean> =>
  Object.fromEntries((attributes ?? []).map(({ key, value }) => [key, valueOf(value)]));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const bodies: string[] = [];
  const received: ReceivedSpan[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      bodies.push(body);
      if (incoming.url === "/v1/traces" && incoming.headers["content-type"]?.startsWith("application/json") === true) {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OTLP JSON document, read field by field
        const document = JSON.parse(body) as { resourceSpans?: any[] };
        for (const resourceSpans of document.resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              received.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? "",
                name: span.name,
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                resource,
                status: span.status ?? {},
              });
            }
          }
        }
      }
      outgoing.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    spans: () => [...received],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
