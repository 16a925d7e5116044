import { SERVER_ERROR_CODES, ServerError } from "./server-error";

const marker = "src.server.error.AddressInUseError";
const symbol = Symbol.for(marker);

/** The address the server was asked to listen on is taken (`EADDRINUSE`). */
export class AddressInUseError extends ServerError {
  private readonly [symbol] = true;
  /** `host:port` that is taken. */
  readonly address: string;

  constructor({ host, port, cause }: { host: string; port: number; cause?: unknown }) {
    const address = `${host.includes(":") ? `[${host}]` : host}:${port}`;
    super({
      code: SERVER_ERROR_CODES.ADDRESS_IN_USE,
      message: `cannot listen on ${address}: the address is already in use; another src server may already be running there (try GET http://${address}/healthz), or choose another port (--port, or the port option; 0 picks a free one)`,
      cause,
    });
    this.name = "AddressInUseError";
    this.address = address;
  }

  static override isInstance(error: unknown): error is AddressInUseError {
    return ServerError.hasMarker(error, marker);
  }
}
