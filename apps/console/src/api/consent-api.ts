/** The consent page's view of a hosted agent's waiting sign-in (`POST /v1/oauth/consent`). */
export interface ConsentRequest {
  request: string;
  csrfToken: string;
  client: { id: string; name: string; idHost: string | null; registration: "metadata-document" | "dynamic"; redirectUri: string; redirectUriHost: string };
  sources: { slug: string; name: string; connectionStatus: string }[];
  requested: string[];
  requestedReadOnly: string[];
  expiresAt: string;
}

/** What the person decided. */
export type ConsentDecision = { decision: "deny" } | { decision: "allow"; sources: { slug: string; readOnly: boolean }[]; expires: "1d" | "30d" | "90d" | "never" };

/** A refusal of the consent API, with the server's code and message. */
export class ConsentApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ConsentApiError";
  }
}

async function post<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(path, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = (await response.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  if (!response.ok) throw new ConsentApiError(response.status, json.error?.code ?? "HTTP_ERROR", json.error?.message ?? `the server answered HTTP ${response.status}`);
  return json as T;
}

/** Loads the waiting request this page was opened for (its query string) with the admin token. */
export const loadConsent = (token: string, query: string): Promise<ConsentRequest> => post("/v1/oauth/consent", token, { query });

/** Sends the decision; answers where to send the browser. */
export const decideConsent = (token: string, request: ConsentRequest, decision: ConsentDecision): Promise<{ redirectTo: string }> =>
  post("/v1/oauth/consent/decision", token, { request: request.request, csrfToken: request.csrfToken, ...decision });
