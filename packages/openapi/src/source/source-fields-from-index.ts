import type { IndexedOperation, OperationIndex, SecuritySchemeSummary } from "../index/operation-index";
import { requiredOf } from "../search/search-operations";

/** What a document says about the source it describes; each field absent when the document does not say. */
export interface SourceFieldsFromDocument {
  /** `info.title`. */
  name?: string;
  /** The first server URL, variables filled with their defaults, a relative one resolved against the document's URL. */
  baseUrl?: string;
  /**
   * The auth mode of the security scheme the most operations require, with its header or query parameter name, or
   * for OAuth 2.0 the grant (client credentials when the document offers it, else the authorization code), its
   * endpoints (absolute) and the scope names the flow declares (`availableScopes`: none is requested for the operator).
   */
  auth?: { authType: string; headerName?: string; queryParam?: string; scheme: string; grant?: "client_credentials" | "authorization_code"; tokenUrl?: string; authorizationUrl?: string; availableScopes?: string[] };
  /** The other security schemes the document names (not chosen, or without a matching auth mode). */
  otherSchemes: string[];
  /**
   * A cheap GET without required parameters that needs authentication: one that identifies the caller (`/user`,
   * `/me`, `/account`, Slack's `/auth.test`), else one that lists a small collection (a models list, a list with a
   * page size), else a health check; never an admin, enterprise or organization operation.
   */
  testEndpoint?: string;
  /** Why `testEndpoint` was chosen, in a sentence (`src source add --openapi --json` prints it). */
  testEndpointReason?: string;
}

/** An endpoint as the document writes it, made absolute against the base URL, then the document's URL. */
function absoluteUrl(url: string, base: string | undefined): string | undefined {
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

/** The OAuth 2.0 fields of a scheme: the client credentials flow when given (no sign-in needed), else the code flow. */
function oauth2Of(name: string, scheme: SecuritySchemeSummary, base: string | undefined): NonNullable<SourceFieldsFromDocument["auth"]> {
  const auth: NonNullable<SourceFieldsFromDocument["auth"]> = { authType: "oauth2", scheme: name };
  const clientCredentials = scheme.flows?.clientCredentials;
  const authorizationCode = scheme.flows?.authorizationCode;
  const flow = clientCredentials ?? authorizationCode;
  if (flow === undefined) return auth;
  auth.grant = flow === clientCredentials ? "client_credentials" : "authorization_code";
  const tokenUrl = flow.tokenUrl === undefined ? undefined : absoluteUrl(flow.tokenUrl, base);
  if (tokenUrl !== undefined) auth.tokenUrl = tokenUrl;
  const authorizationUrl = flow.authorizationUrl === undefined ? undefined : absoluteUrl(flow.authorizationUrl, base);
  if (authorizationUrl !== undefined) auth.authorizationUrl = authorizationUrl;
  auth.availableScopes = flow.scopes;
  return auth;
}

/** The auth mode of a scheme, or `undefined` when no built-in mode fits it. */
function authOf(name: string, scheme: SecuritySchemeSummary, base: string | undefined): SourceFieldsFromDocument["auth"] {
  if (scheme.type === "http" && scheme.scheme === "bearer") return { authType: "bearer", scheme: name };
  if (scheme.type === "http" && scheme.scheme === "basic") return { authType: "basic", scheme: name };
  if (scheme.type === "apiKey" && scheme.in === "header" && scheme.name !== undefined) return { authType: "header", headerName: scheme.name, scheme: name };
  if (scheme.type === "apiKey" && scheme.in === "query" && scheme.name !== undefined) return { authType: "query", queryParam: scheme.name, scheme: name };
  if (scheme.type === "oauth2") return oauth2Of(name, scheme, base);
  return undefined;
}

/** What makes a good test endpoint, best first: it proves the credential works and costs the API nothing. */
const testEndpointKinds: readonly { why: string; test: (operation: IndexedOperation) => boolean }[] = [
  { why: "it identifies the caller", test: (operation) => /(^|\/)(me|user|self|whoami|myself|current[-_]?user|account|profile|viewer|identity|userinfo)$/i.test(operation.path) || /(^|\/)([a-z]+\.)?test$/i.test(operation.path) },
  { why: "it lists a small collection (models)", test: (operation) => /(^|\/)models$/i.test(operation.path) },
  { why: "it lists a collection, a page at a time", test: (operation) => operation.parameters.some((parameter) => parameter.in === "query" && /^(limit|per_?page|page_?size|max_?results|count|top|\$top)$/i.test(parameter.name)) },
  { why: "it is a health check", test: (operation) => /(^|\/)(health|healthz|status|ping)$/i.test(operation.path) },
];

/** Admin, enterprise and organization operations: never a test endpoint (they need rights a plain credential lacks). */
const privileged = /(^|[/_.-])(admin|admins|enterprise|enterprises|org|orgs|organization|organizations|installation|app|apps)([/_.-]|$)/i;

function isPrivileged(operation: IndexedOperation): boolean {
  return privileged.test(operation.path) || privileged.test(operation.operationId) || operation.tags.some((tag) => privileged.test(tag));
}

/**
 * The source fields a document gives: name, base URL, auth mode and test
 * endpoint. With several security schemes, the one the most operations
 * require is chosen and the others are named in `otherSchemes`.
 */
export function sourceFieldsFromIndex(index: OperationIndex, { documentUrl }: { documentUrl?: string } = {}): SourceFieldsFromDocument {
  const fields: SourceFieldsFromDocument = { otherSchemes: [] };
  if (index.title.trim() !== "") fields.name = index.title.trim();
  const server = index.servers[0];
  if (server !== undefined && server !== "") {
    try {
      fields.baseUrl = new URL(server, documentUrl).href.replace(/\/$/, "");
    } catch {
      // A relative server URL without a document URL: the caller asks for --base-url.
    }
  }
  const uses = new Map<string, number>();
  const requirementsOf = (security: string[][] | undefined): string[][] => security ?? index.security;
  for (const operation of index.operations) for (const requirement of requirementsOf(operation.security)) for (const name of requirement) uses.set(name, (uses.get(name) ?? 0) + 1);
  const ranked = Object.keys(index.securitySchemes).sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0));
  for (const name of ranked) {
    const auth = authOf(name, index.securitySchemes[name] as SecuritySchemeSummary, fields.baseUrl ?? documentUrl);
    if (auth !== undefined && fields.auth === undefined) fields.auth = auth;
    else fields.otherSchemes.push(name);
  }
  const documentSaysWhoNeedsAuth = index.security.length > 0 || index.operations.some((operation) => operation.security !== undefined);
  const candidates = index.operations.filter((operation) => {
    if (operation.method !== "GET" || requiredOf(operation).length > 0 || operation.path.includes("{")) return false;
    if (!documentSaysWhoNeedsAuth) return true;
    const requirements = requirementsOf(operation.security);
    return requirements.length > 0 && requirements.every((requirement) => requirement.length > 0);
  });
  const rank = (operation: IndexedOperation): number => {
    const position = testEndpointKinds.findIndex((kind) => kind.test(operation));
    return position === -1 ? testEndpointKinds.length : position;
  };
  const plain = candidates.filter((operation) => !isPrivileged(operation) && !operation.deprecated);
  const best = (plain.length > 0 ? plain : candidates).sort((a, b) => rank(a) - rank(b) || a.path.length - b.path.length)[0];
  if (best !== undefined) {
    fields.testEndpoint = best.path;
    const kind = testEndpointKinds[rank(best)];
    const because = kind === undefined ? "it is the shortest GET the document has" : kind.why;
    fields.testEndpointReason = `GET ${best.path} (${best.operationId}): ${because}, with no required parameter${plain.includes(best) ? "" : "; every such GET is an admin or organization operation, so check it works with this credential"}`;
  }
  return fields;
}
