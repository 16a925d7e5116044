import type { RequestHandler } from "express";
import type { HostedOAuthSettings } from "./hosted-oauth-settings";

/**
 * Finishes a response sent to the client's redirect URI, a code or an error:
 * the request's `state` when it had one (RFC 6749 4.1.2 and 4.1.2.1) and this
 * server's `iss` (RFC 9207 2, as the metadata says
 * `authorization_response_iss_parameter_supported`).
 */
export function finishAuthorizationResponse(redirect: URL, state: string | null, issuer: string): string {
  if (state !== null) redirect.searchParams.set("state", state);
  redirect.searchParams.set("iss", issuer);
  return redirect.href;
}

type Query = Record<string, unknown>;

const quoted = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * What is wrong with an authorization request's parameters that the MCP SDK's
 * handler checks after the client and the redirect URI (`response_type`,
 * `code_challenge`, `code_challenge_method`, `scope`, `state`, `resource`), as
 * one sentence naming the parameter and what to send; undefined when they are
 * well formed.
 */
export function authorizationRequestProblem(query: Query, settings: HostedOAuthSettings): string | undefined {
  const once = (name: string, what: string): string | undefined =>
    Array.isArray(query[name]) ? `${name} is given more than once: send one ${name} (${what})` : undefined;
  const responseType = query.response_type;
  if (responseType === undefined)
    return "response_type is required: send response_type=code (the authorization code flow)";
  if (responseType !== "code")
    return typeof responseType === "string"
      ? `response_type ${quoted(responseType)} is not supported: send response_type=code (the authorization code flow)`
      : once("response_type", "response_type=code");
  const pkce = "a PKCE S256 code_challenge with code_challenge_method=S256";
  if (query.code_challenge === undefined) return `code_challenge is required: send ${pkce}`;
  if (typeof query.code_challenge !== "string") return once("code_challenge", pkce);
  const method = query.code_challenge_method;
  if (method === undefined)
    return "code_challenge_method is required: send code_challenge_method=S256 (plain is not supported)";
  if (method !== "S256")
    return typeof method === "string"
      ? `code_challenge_method ${quoted(method)} is not supported: send ${pkce}`
      : once("code_challenge_method", "code_challenge_method=S256");
  if (query.scope !== undefined && typeof query.scope !== "string")
    return once("scope", "the scopes separated by spaces");
  if (query.state !== undefined && typeof query.state !== "string") return once("state", "the value to get back");
  const resource = query.resource;
  if (resource !== undefined) {
    if (typeof resource !== "string") return once("resource", `resource=${settings.resource}`);
    if (!URL.canParse(resource))
      return `resource ${quoted(resource)} is not an absolute URL: send resource=${settings.resource}`;
  }
  return undefined;
}

/**
 * What is wrong with the two parameters the MCP SDK's handler checks first and
 * answers directly with a 400, never at the redirect URI (`client_id`,
 * `redirect_uri`), as one sentence naming the parameter and what to send;
 * undefined when they are well formed (whether the client and its redirect URI
 * are registered is the SDK's to say).
 */
export function clientParameterProblem(query: Query): string | undefined {
  const clientId = query.client_id;
  const client =
    "the client's client_id (the https URL of its Client ID Metadata Document, or the id POST /register issued)";
  if (clientId === undefined || clientId === "") return `client_id is required: send ${client}`;
  if (typeof clientId !== "string") return `client_id is given more than once: send one client_id (${client})`;
  const redirectUri = query.redirect_uri;
  const registered = "the redirect URI the client registered";
  if (redirectUri === undefined) return undefined;
  if (typeof redirectUri !== "string")
    return `redirect_uri is given more than once: send one redirect_uri (${registered})`;
  if (!URL.canParse(redirectUri))
    return `redirect_uri ${quoted(redirectUri)} is not an absolute URL: send ${registered}`;
  return undefined;
}

/** The SDK's own words for a client or redirect URI it refuses, and the sentence each becomes. */
const clientRefusalSentences: Readonly<Record<string, (query: Query) => string>> = {
  "Invalid client_id": (query) =>
    `client_id ${quoted(String(query.client_id))} is not a client of this server: register the client (POST /register) or send the https URL of a Client ID Metadata Document this server can fetch (the server's log says why a document was refused)`,
  "Unregistered redirect_uri": (query) =>
    `redirect_uri ${quoted(String(query.redirect_uri))} is not one the client registered: send one of its registered redirect URIs (any port on a loopback address, RFC 8252)`,
};

/**
 * Express middleware before the SDK's authorization handler, for the errors
 * it answers directly with a 400, never at the redirect URI (without a known
 * client and redirect URI there is nowhere safe to send the browser): a
 * `client_id` or `redirect_uri` that is missing, repeated or malformed is
 * answered here with a sentence naming the parameter (the SDK's says it as its
 * schema's issues in JSON), and the SDK's terse words for an unknown client or
 * an unregistered redirect URI become a sentence that says what to send.
 */
export function clientParameterErrors(): RequestHandler {
  return (request, response, next) => {
    const query = request.query as Query;
    const problem = clientParameterProblem(query);
    if (problem !== undefined) {
      response
        .status(400)
        .set("cache-control", "no-store")
        .json({ error: "invalid_request", error_description: problem });
      return;
    }
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      const description = (body as { error_description?: unknown } | null)?.error_description;
      const sentence = typeof description === "string" ? clientRefusalSentences[description] : undefined;
      return json(sentence === undefined ? body : { ...(body as object), error_description: sentence(query) });
    };
    next();
  };
}

/**
 * Express middleware before the SDK's authorization handler: every error it
 * redirects to the client (invalid_request, invalid_target, server_error...)
 * carries the request's `state` and this server's `iss`, as the consent
 * decision's redirect does, and an invalid_request says in one sentence which
 * parameter is wrong and what to send (the SDK's says it as its schema's
 * issues in JSON). Errors it answers directly (an unknown client, a redirect
 * URI the client did not register) are left as they are: they never go to the
 * redirect URI.
 */
export function authorizationErrorRedirects(settings: HostedOAuthSettings): RequestHandler {
  return (request, response, next) => {
    const query = request.query as Query;
    const redirect = response.redirect.bind(response) as (status: number, url: string) => void;
    response.redirect = (...args: [string] | [number, string]) => {
      const [status, url] = args.length === 1 ? [302, args[0]] : args;
      redirect(status, errorRedirectOf(url, query, settings));
    };
    next();
  };
}

function errorRedirectOf(url: string, query: Query, settings: HostedOAuthSettings): string {
  if (!URL.canParse(url)) return url;
  const location = new URL(url);
  const error = location.searchParams.get("error");
  if (error === null) return url;
  if (error === "invalid_request") {
    // The SDK's description of a parameter it refuses is its schema's issues as JSON, not a sentence.
    const description = location.searchParams.get("error_description") ?? "";
    const problem =
      authorizationRequestProblem(query, settings) ??
      (/^\s*[[{]|\n/.test(description)
        ? `the authorization request is malformed: send response_type=code, a PKCE S256 code_challenge with code_challenge_method=S256 and resource=${settings.resource}`
        : undefined);
    if (problem !== undefined) location.searchParams.set("error_description", problem);
  }
  return finishAuthorizationResponse(location, typeof query.state === "string" ? query.state : null, settings.issuer);
}
