import { SERVER_ERROR_CODES, ServerError } from "./server-error";

/** The address the server was asked to listen on is taken (`EADDRINUSE`). */
export class AddressInUseError extends ServerError {
  static override readonly marker: string = "src.server.error.AddressInUseError";
  /** `host:port` that is taken. */
  readonly address: string;

  constructor({ host, port, cause }: { host: string; port: number; cause?: unknown }) {
    const address = `${host.includes(":") ? `[${host}]` : host}:${port}`;
    super({
      code: SERVER_ERROR_CODES.ADDRESS_IN_USE,
      message: `cannot listen on ${address}: the address is already in use; another src server may already be running there (try GET http://${address}/healthz), or choose another port (--port, or the port option; 0 picks a free one)`,
      cause,
    });
    this.address = address;
  }
}
