/** What to set aside or reshape in an authorization server's answer before oauth4webapi reads it. */
export interface TokenResponseNormalization {
  /** Drop an `id_token`: src did not ask for one and has no issuer to check it against (no `api.issuer`). */
  readonly dropIdToken: boolean;
}

const formTypes = /^(application\/x-www-form-urlencoded|text\/plain)\b/i;

/**
 * Reshapes a token, device or revocation endpoint answer into the standard one:
 * - a form-encoded body (GitHub's, for a client that does not ask for JSON) becomes JSON;
 * - an `error` answered with HTTP 200 and no token (GitHub again) becomes a 400, so it reads as the error it is;
 * - an `id_token` src has no issuer to check is set aside (src never uses it; see `api.issuer`).
 * Anything else is returned as it came.
 */
export async function normalizeTokenResponse(
  response: Response,
  { dropIdToken }: TokenResponseNormalization,
): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  const isJson = /\bjson\b/i.test(type);
  const isForm = !isJson && formTypes.test(type);
  if (!isJson && !isForm) return response;
  const text = await response.text();
  let body: Record<string, unknown>;
  if (isForm) {
    const parameters = new URLSearchParams(text.trim());
    if (![...parameters.keys()].some((key) => key === "access_token" || key === "error" || key === "device_code"))
      return rebuilt(response, text, response.status);
    body = Object.fromEntries(parameters);
    if (typeof body.expires_in === "string" && /^\d+$/.test(body.expires_in)) body.expires_in = Number(body.expires_in);
    if (typeof body.interval === "string" && /^\d+$/.test(body.interval)) body.interval = Number(body.interval);
  } else {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
        return rebuilt(response, text, response.status);
      body = parsed as Record<string, unknown>;
    } catch {
      return rebuilt(response, text, response.status);
    }
  }
  let status = response.status;
  if (
    status === 200 &&
    typeof body.error === "string" &&
    body.access_token === undefined &&
    body.device_code === undefined
  )
    status = 400;
  if (dropIdToken && "id_token" in body) delete body.id_token;
  return rebuilt(response, JSON.stringify(body), status, "application/json");
}

function rebuilt(response: Response, text: string, status: number, contentType?: string): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  if (contentType !== undefined) headers.set("content-type", contentType);
  const copy = new Response(text, { status, statusText: response.statusText, headers });
  // oauth4webapi checks the URL of some answers; keep it.
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}
