import type { SrcClient } from "@src/client";
import { UsageError } from "../errors/usage-error";

/** The server the commands run against instead of a local home: `--server URL` or `SRC_SERVER`, token from `SRC_SERVER_TOKEN`. */
export interface RemoteServer {
  /** The URL as given. */
  url: string;
  /** Where the URL came from, for messages: `--server` or `SRC_SERVER`. */
  origin: "--server" | "SRC_SERVER";
  /** `SRC_SERVER_TOKEN`, if set. Never printed. */
  token: string | undefined;
}

/**
 * The token to send: `SRC_SERVER_TOKEN`, else, on the server's own machine, the token file of a loopback server
 * that recorded in this home (`$SRC_HOME`, else `~/.src`) that it listens at the URL. Never sent elsewhere.
 */
async function tokenFor(server: RemoteServer, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (server.token !== undefined) return server.token;
  const [{ readLocalServerToken }, { resolveSrcHome }] = await Promise.all([
    import("@src/server/internal"),
    import("@src/config"),
  ]);
  return (await readLocalServerToken({ home: resolveSrcHome({ env }), url: server.url }))?.token;
}

/** The remote server the flags and environment name, or `undefined` for local mode. `--home` with `--server` is a usage error. */
export function remoteServerOf(
  flags: { server?: string; home?: string },
  env: NodeJS.ProcessEnv,
): RemoteServer | undefined {
  const fromFlag = flags.server;
  const fromEnvironment = env.SRC_SERVER === undefined || env.SRC_SERVER === "" ? undefined : env.SRC_SERVER;
  const url = fromFlag ?? fromEnvironment;
  if (url === undefined) return undefined;
  const origin = fromFlag === undefined ? "SRC_SERVER" : "--server";
  if (flags.home !== undefined) {
    throw new UsageError({
      message: `--home and ${origin} cannot be used together: --home names a local home, ${origin} a running server; give one of them`,
    });
  }
  const token = env.SRC_SERVER_TOKEN === undefined || env.SRC_SERVER_TOKEN === "" ? undefined : env.SRC_SERVER_TOKEN;
  return { url, origin, token };
}

/** The client of `server`; a URL that is not one is a usage error naming where it came from. */
export async function createRemoteClient(
  server: RemoteServer,
  env: NodeJS.ProcessEnv = process.env,
): Promise<SrcClient> {
  const [{ createSrcClient, SrcClientError }, token] = await Promise.all([
    import("@src/client"),
    tokenFor(server, env),
  ]);
  try {
    return createSrcClient({ baseUrl: server.url, token });
  } catch (error) {
    if (SrcClientError.isInstance(error)) {
      throw new UsageError({
        message: `${server.origin} must be the URL of a running \`src serve\`, such as http://127.0.0.1:7410 (got ${JSON.stringify(redactUrl(server.url))})`,
        cause: error,
      });
    }
    throw error;
  }
}

/** The URL without a password someone put in it by mistake. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^/@:]*):[^/@]*@/, "//$1:[REDACTED]@");
}
