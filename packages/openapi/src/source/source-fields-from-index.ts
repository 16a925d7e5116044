import type { OAuthFlowSummary, OperationIndex, SecuritySchemeSummary } from "../index/operation-index";
import { requiredOf } from "../search/search-operations";

/** What a document says about the source it describes; each field absent when the document does not say. */
export interface SourceFieldsFromDocument {
  /** `info.title`. */
  name?: string;
  /** The first server URL, variables filled with their defaults, a relative one resolved against the document's URL. */
  baseUrl?: string;
  /**
   * The document's security schemes, the one the most operations require first, OAuth 2.0 endpoints made absolute.
   * Which auth mode fits a scheme is for the auth plugins to say (`fromSecurityScheme` of `@src/auth`'s contract).
   */
  securitySchemes: { name: string; scheme: SecuritySchemeSummary }[];
  /** A GET operation without required parameters that needs authentication, current-user and health paths first. */
  testEndpoint?: string;
}

/** An endpoint as the document writes it, made absolute against the base URL, then the document's URL. */
function absoluteUrl(url: string | undefined, base: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  try {
    return new URL(url, base).href;
  } catch {
    return undefined;
  }
}

/** The scheme with its OAuth 2.0 endpoints absolute (a relative one dropped when it cannot be resolved). */
function withAbsoluteEndpoints(scheme: SecuritySchemeSummary, base: string | undefined): SecuritySchemeSummary {
  if (scheme.flows === undefined) return scheme;
  const flows: NonNullable<SecuritySchemeSummary["flows"]> = {};
  for (const [kind, flow] of Object.entries(scheme.flows) as [keyof typeof flows, OAuthFlowSummary][]) {
    const tokenUrl = absoluteUrl(flow.tokenUrl, base);
    const authorizationUrl = absoluteUrl(flow.authorizationUrl, base);
    flows[kind] = { scopes: flow.scopes, ...(tokenUrl === undefined ? {} : { tokenUrl }), ...(authorizationUrl === undefined ? {} : { authorizationUrl }) };
  }
  return { ...scheme, flows };
}

/** Paths that make good test endpoints, best first. */
const preferredTestPaths = [/(^|\/)(me|user|self|whoami|myself|current[-_]?user)$/i, /(^|\/)(account|profile|viewer)$/i, /(^|\/)(health|healthz|status|ping)$/i];

/**
 * The source fields a document gives: name, base URL, its security schemes
 * (the one the most operations require first) and a test endpoint.
 */
export function sourceFieldsFromIndex(index: OperationIndex, { documentUrl }: { documentUrl?: string } = {}): SourceFieldsFromDocument {
  const fields: SourceFieldsFromDocument = { securitySchemes: [] };
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
  for (const name of ranked) fields.securitySchemes.push({ name, scheme: withAbsoluteEndpoints(index.securitySchemes[name] as SecuritySchemeSummary, fields.baseUrl ?? documentUrl) });
  const documentSaysWhoNeedsAuth = index.security.length > 0 || index.operations.some((operation) => operation.security !== undefined);
  const candidates = index.operations.filter((operation) => {
    if (operation.method !== "GET" || requiredOf(operation).length > 0 || operation.path.includes("{")) return false;
    if (!documentSaysWhoNeedsAuth) return true;
    const requirements = requirementsOf(operation.security);
    return requirements.length > 0 && requirements.every((requirement) => requirement.length > 0);
  });
  const rank = (path: string): number => {
    const position = preferredTestPaths.findIndex((pattern) => pattern.test(path));
    return position === -1 ? preferredTestPaths.length : position;
  };
  const best = candidates.sort((a, b) => rank(a.path) - rank(b.path) || a.path.length - b.path.length)[0];
  if (best !== undefined) fields.testEndpoint = best.path;
  return fields;
}
