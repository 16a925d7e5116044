import { createSrcClient, SrcClientError } from "@src/client";

/** What a connect link is for (`GET /v1/connect/{token}`): the source, the principal, the credential fields. */
export type ConnectLink = Awaited<ReturnType<ReturnType<typeof createSrcClient>["connections"]["describeLink"]>>;

// No token: the link's own single-use token is the proof.
const client = () => createSrcClient({ baseUrl: window.location.origin });

export const describeConnectLink = (linkToken: string): Promise<ConnectLink> =>
  client().connections.describeLink(linkToken);

export const connectWithLink = (linkToken: string, credential: Record<string, string>): Promise<unknown> =>
  client().connections.connect(linkToken, credential);

/** The problem to show: the server's message (it names the field and what to do), never a value. */
export const problemOfConnect = (error: unknown): string =>
  SrcClientError.isInstance(error) ? error.message : error instanceof Error ? error.message : String(error);

/** The link's token from the page's address (`#/connect/<token>`), or `undefined`. */
export function connectLinkTokenOf(hash: string): string | undefined {
  const match = /^#\/connect\/([A-Za-z0-9_-]+)$/.exec(hash);
  return match?.[1];
}
