import type { Server } from "node:http";
import { AddressInUseError } from "./errors/address-in-use-error";

/** Starts listening on `host`:`port`; a port in use is refused with `AddressInUseError`. */
export function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException): void =>
      reject(error.code === "EADDRINUSE" ? new AddressInUseError({ host, port, cause: error }) : error);
    server.once("error", refuse);
    server.listen(port, host, () => {
      server.off("error", refuse);
      resolve();
    });
  });
}
