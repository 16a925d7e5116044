import { createSrcClient, SrcClientError } from "@src/client";

/** The consent page's view of a hosted agent's waiting sign-in (`POST /v1/oauth/consent`). */
export type ConsentRequest = Awaited<ReturnType<ReturnType<typeof createSrcClient>["consent"]["load"]>>;

/** What the person decided. */
export type ConsentDecision =
  | { decision: "deny" }
  | { decision: "allow"; sources: { slug: string; readOnly: boolean }[]; expires: "1d" | "30d" | "90d" | "never" };

const clientOf = (token: string) => createSrcClient({ baseUrl: window.location.origin, token });

/** Loads the waiting request this page was opened for (its query string) with the admin token. */
export const loadConsent = (token: string, query: string): Promise<ConsentRequest> =>
  clientOf(token).consent.load(query);

/** Sends the decision; answers where to send the browser. */
export const decideConsent = (
  token: string,
  request: ConsentRequest,
  decision: ConsentDecision,
): Promise<{ redirectTo: string }> =>
  clientOf(token).consent.decide({ request: request.request, csrfToken: request.csrfToken, ...decision });

/** True for a 401: the token is wrong, revoked, or the server's token changed. */
export const isUnauthorizedConsent = (error: unknown): boolean =>
  SrcClientError.isInstance(error) && error.status === 401;
