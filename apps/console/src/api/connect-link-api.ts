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

/**
 * Starts the upstream sign-in of the link's source (when the link says `signIn.available`): the page to open, and
 * for a device code (`awaits: "poll"`) the code to enter there and the sign-in to ask along.
 */
export type ConnectSignInStart = Awaited<ReturnType<ReturnType<typeof createSrcClient>["connections"]["beginSignIn"]>>;

export const beginConnectSignIn = (linkToken: string): Promise<ConnectSignInStart> =>
  client().connections.beginSignIn(linkToken);

/** Where a connect link's device-code sign-in stands; asks the upstream when it is due. */
export const connectSignInProgress = (linkToken: string, signInId: string) =>
  client().connections.signInProgress(linkToken, signInId);

/**
 * Starts the person's sign-in at the team's identity provider (`--oauth-issuer` with `--oauth-console-client-id`):
 * the page to open. With a connect link's token, the person comes back to that link once signed in as its principal.
 */
export const beginPersonSignIn = async (connectToken?: string): Promise<string> =>
  (await client().connections.beginPersonSignIn(connectToken)).authorizationUrl;

/** Whether the server signs people in at the team's identity provider (for "My connections"). */
export const personSignInStatus = (): Promise<{ available: boolean; message?: string | undefined }> =>
  client().connections.personSignIn();

/** A person's own connections (`GET /v1/me/connections`), by the session cookie a connect (or a sign-in) granted. */
export type MyConnections = Awaited<ReturnType<ReturnType<typeof createSrcClient>["connections"]["listMine"]>>;

export const listMyConnections = (): Promise<MyConnections> => client().connections.listMine();

export const removeMyConnection = (slug: string): Promise<unknown> => client().connections.removeMine(slug);

export const endMySession = (): Promise<unknown> => client().connections.endMySession();

/** Whether the server said the person has no session (401). */
export const isWithoutSession = (error: unknown): boolean => SrcClientError.isInstance(error) && error.status === 401;

/** The person's pages reached without the admin token: `#/connected/<slug>` after a sign-in, `#/me` for "My connections". */
export function personPageOf(hash: string): { page: "connected"; slug: string } | { page: "me" } | undefined {
  const connected = /^#\/connected\/([^/?]+)$/.exec(hash);
  if (connected?.[1] !== undefined) return { page: "connected", slug: decodeURIComponent(connected[1]) };
  if (hash === "#/me") return { page: "me" };
  return undefined;
}

/** The address of "My connections". */
export const myConnectionsHref = "#/me";
