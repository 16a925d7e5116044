import type {
  IndexedOperation,
  OAuthFlowSummary,
  OperationIndex,
  SecuritySchemeSummary,
} from "../index/operation-index";
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
    flows[kind] = {
      scopes: flow.scopes,
      ...(tokenUrl === undefined ? {} : { tokenUrl }),
      ...(authorizationUrl === undefined ? {} : { authorizationUrl }),
    };
  }
  return { ...scheme, flows };
}

/** What makes a good test endpoint, best first: it proves the credential works and costs the API nothing. */
const testEndpointKinds: readonly { why: string; test: (operation: IndexedOperation) => boolean }[] = [
  {
    why: "it identifies the caller",
    test: (operation) =>
      /(^|\/)(me|user|self|whoami|myself|current[-_]?user|account|profile|viewer|identity|userinfo)$/i.test(
        operation.path,
      ) || /(^|\/)([a-z]+\.)?test$/i.test(operation.path),
  },
  { why: "it lists a small collection (models)", test: (operation) => /(^|\/)models$/i.test(operation.path) },
  {
    why: "it lists a collection, a page at a time",
    test: (operation) =>
      operation.parameters.some(
        (parameter) =>
          parameter.in === "query" &&
          /^(limit|per_?page|page_?size|max_?results|count|top|\$top)$/i.test(parameter.name),
      ),
  },
  { why: "it is a health check", test: (operation) => /(^|\/)(health|healthz|status|ping)$/i.test(operation.path) },
];

/** Admin, enterprise and organization operations: never a test endpoint (they need rights a plain credential lacks). */
const privileged =
  /(^|[/_.-])(admin|admins|enterprise|enterprises|org|orgs|organization|organizations|installation|app|apps)([/_.-]|$)/i;

function isPrivileged(operation: IndexedOperation): boolean {
  return (
    privileged.test(operation.path) ||
    privileged.test(operation.operationId) ||
    operation.tags.some((tag) => privileged.test(tag))
  );
}

/**
 * The source fields a document gives: name, base URL, its security schemes
 * (the one the most operations require first) and a test endpoint.
 */
export function sourceFieldsFromIndex(
  index: OperationIndex,
  { documentUrl }: { documentUrl?: string } = {},
): SourceFieldsFromDocument {
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
  for (const operation of index.operations)
    for (const requirement of requirementsOf(operation.security))
      for (const name of requirement) uses.set(name, (uses.get(name) ?? 0) + 1);
  const ranked = Object.keys(index.securitySchemes).sort((a, b) => (uses.get(b) ?? 0) - (uses.get(a) ?? 0));
  for (const name of ranked)
    fields.securitySchemes.push({
      name,
      scheme: withAbsoluteEndpoints(
        index.securitySchemes[name] as SecuritySchemeSummary,
        fields.baseUrl ?? documentUrl,
      ),
    });
  const documentSaysWhoNeedsAuth =
    index.security.length > 0 || index.operations.some((operation) => operation.security !== undefined);
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
  const best = (plain.length > 0 ? plain : candidates).sort(
    (a, b) => rank(a) - rank(b) || a.path.length - b.path.length,
  )[0];
  if (best !== undefined) {
    fields.testEndpoint = best.path;
    const kind = testEndpointKinds[rank(best)];
    const because = kind === undefined ? "it is the shortest GET the document has" : kind.why;
    fields.testEndpointReason = `GET ${best.path} (${best.operationId}): ${because}, with no required parameter${plain.includes(best) ? "" : "; every such GET is an admin or organization operation, so check it works with this credential"}`;
  }
  return fields;
}
