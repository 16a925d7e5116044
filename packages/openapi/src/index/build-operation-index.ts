import {
  OPERATION_INDEX_FORMAT,
  OPERATION_METHODS,
  type IndexedOperation,
  type IndexedParameter,
  type OAuthFlowSummary,
  type OperationIndex,
  type SecuritySchemeSummary,
} from "./operation-index";
import { dereferenceObject, keepSchemaReferences } from "./resolve-reference";

/** Longest description kept per operation, in characters. */
const maxDescriptionLength = 400;

type UnknownRecord = Record<string, unknown>;

const asRecord = (value: unknown): UnknownRecord =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as UnknownRecord) : {};
const asString = (value: unknown): string => (typeof value === "string" ? value : "");
const cut = (text: string, length: number): string => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * The operation index of an OpenAPI 3.1 document (`loadOpenApiDocument`'s
 * result): every operation with its parameters (path-level ones merged),
 * request body, success response and security, plus the document's title,
 * version, servers and security schemes.
 */
export function buildOperationIndex(
  document: UnknownRecord,
  { documentSha256, writtenIn }: { documentSha256: string; writtenIn: string },
): OperationIndex {
  const info = asRecord(document.info);
  const components = asRecord(document.components);
  const operations: IndexedOperation[] = [];
  const usedIds = new Set<string>();
  for (const [path, pathItemValue] of Object.entries(asRecord(document.paths))) {
    const pathItem = dereferenceObject(document, pathItemValue) ?? {};
    const shared = parametersOf(document, pathItem.parameters);
    for (const method of OPERATION_METHODS) {
      const operationValue = pathItem[method.toLowerCase()];
      if (operationValue === undefined) continue;
      const operation = asRecord(operationValue);
      let operationId = asString(operation.operationId) || `${method.toLowerCase()}_${path}`;
      if (usedIds.has(operationId)) operationId = `${operationId}_${method.toLowerCase()}_${path}`;
      usedIds.add(operationId);
      const own = parametersOf(document, operation.parameters);
      const parameters = [
        ...shared.filter((parameter) => !own.some((item) => item.name === parameter.name && item.in === parameter.in)),
        ...own,
      ];
      const indexed: IndexedOperation = {
        operationId,
        method,
        path,
        summary: asString(operation.summary),
        description: cut(asString(operation.description).trim(), maxDescriptionLength),
        tags: Array.isArray(operation.tags)
          ? operation.tags.filter((tag): tag is string => typeof tag === "string")
          : [],
        deprecated: operation.deprecated === true,
        parameters,
      };
      const requestBody = requestBodyOf(document, operation.requestBody);
      if (requestBody !== undefined) indexed.requestBody = requestBody;
      const response = responseOf(document, operation.responses);
      if (response !== undefined) indexed.response = response;
      if (Array.isArray(operation.security)) indexed.security = securityOf(operation.security);
      operations.push(indexed);
    }
  }
  const schemas: UnknownRecord = {};
  for (const [name, schema] of Object.entries(asRecord(components.schemas)))
    schemas[name] = keepSchemaReferences(document, schema);
  return {
    format: OPERATION_INDEX_FORMAT,
    documentSha256,
    title: asString(info.title),
    version: asString(info.version),
    writtenIn,
    servers: serversOf(document.servers),
    securitySchemes: securitySchemesOf(document, components.securitySchemes),
    security: Array.isArray(document.security) ? securityOf(document.security) : [],
    operations,
    schemas,
  };
}

function parametersOf(document: UnknownRecord, value: unknown): IndexedParameter[] {
  if (!Array.isArray(value)) return [];
  const parameters: IndexedParameter[] = [];
  for (const item of value) {
    const parameter = dereferenceObject(document, item);
    if (parameter === undefined) continue;
    const location = asString(parameter.in);
    if (location !== "path" && location !== "query" && location !== "header" && location !== "cookie") continue;
    const name = asString(parameter.name);
    if (name === "") continue;
    const indexed: IndexedParameter = {
      name,
      in: location,
      required: location === "path" || parameter.required === true,
    };
    const description = asString(parameter.description).trim();
    if (description !== "") indexed.description = cut(description, 200);
    // A parameter described by `content` (rare) carries its schema in the one media type.
    const schema =
      parameter.schema ?? Object.values(asRecord(parameter.content)).map((media) => asRecord(media).schema)[0];
    if (schema !== undefined) indexed.schema = keepSchemaReferences(document, schema);
    parameters.push(indexed);
  }
  return parameters;
}

/** The JSON media type among `content`'s keys: `application/json`, else any `+json` or `json` one. */
export function jsonMediaTypeOf(mediaTypes: readonly string[]): string | undefined {
  return (
    mediaTypes.find((type) => type.toLowerCase().startsWith("application/json")) ??
    mediaTypes.find((type) => /[/+]json\b/i.test(type)) ??
    mediaTypes.find((type) => type.includes("*"))
  );
}

function requestBodyOf(document: UnknownRecord, value: unknown): IndexedOperation["requestBody"] {
  const body = dereferenceObject(document, value);
  if (body === undefined) return undefined;
  const content = asRecord(body.content);
  const mediaTypes = Object.keys(content);
  const jsonType = jsonMediaTypeOf(mediaTypes);
  const result: NonNullable<IndexedOperation["requestBody"]> = { required: body.required === true, mediaTypes };
  const schema = jsonType === undefined ? undefined : asRecord(content[jsonType]).schema;
  if (schema !== undefined) result.schema = keepSchemaReferences(document, schema);
  return result;
}

function responseOf(document: UnknownRecord, value: unknown): IndexedOperation["response"] {
  const responses = asRecord(value);
  const status =
    Object.keys(responses).find((code) => /^2(\d\d|XX)$/i.test(code)) ??
    (responses.default === undefined ? undefined : "default");
  if (status === undefined) return undefined;
  const response = dereferenceObject(document, responses[status]) ?? {};
  const content = asRecord(response.content);
  const mediaType = jsonMediaTypeOf(Object.keys(content)) ?? Object.keys(content)[0];
  const result: NonNullable<IndexedOperation["response"]> = {
    status,
    description: cut(asString(response.description).trim(), 200),
  };
  if (mediaType !== undefined) {
    result.mediaType = mediaType;
    const schema = asRecord(content[mediaType]).schema;
    if (schema !== undefined) result.schema = keepSchemaReferences(document, schema);
  }
  return result;
}

function securityOf(requirements: unknown[]): string[][] {
  return requirements.map((requirement) => Object.keys(asRecord(requirement)));
}

function serversOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((server) => {
    const record = asRecord(server);
    let url = asString(record.url);
    for (const [name, variable] of Object.entries(asRecord(record.variables)))
      url = url.split(`{${name}}`).join(asString(asRecord(variable).default));
    return url;
  });
}

/** The two flows a source can run (the implicit and password flows are left out: the OAuth 2.0 plugin runs neither). */
function oauthFlowsOf(flows: UnknownRecord): NonNullable<SecuritySchemeSummary["flows"]> {
  const flowOf = (value: unknown): OAuthFlowSummary => {
    const flow = asRecord(value);
    const summary: OAuthFlowSummary = { scopes: Object.keys(asRecord(flow.scopes)) };
    if (asString(flow.tokenUrl) !== "") summary.tokenUrl = asString(flow.tokenUrl);
    if (asString(flow.authorizationUrl) !== "") summary.authorizationUrl = asString(flow.authorizationUrl);
    return summary;
  };
  return {
    ...(flows.clientCredentials === undefined ? {} : { clientCredentials: flowOf(flows.clientCredentials) }),
    ...(flows.authorizationCode === undefined ? {} : { authorizationCode: flowOf(flows.authorizationCode) }),
  };
}

function securitySchemesOf(document: UnknownRecord, value: unknown): Record<string, SecuritySchemeSummary> {
  const schemes: Record<string, SecuritySchemeSummary> = {};
  for (const [name, item] of Object.entries(asRecord(value))) {
    const scheme = dereferenceObject(document, item);
    if (scheme === undefined) continue;
    const summary: SecuritySchemeSummary = { type: asString(scheme.type) };
    if (typeof scheme.scheme === "string") summary.scheme = scheme.scheme.toLowerCase();
    if (typeof scheme.in === "string") summary.in = scheme.in;
    if (typeof scheme.name === "string") summary.name = scheme.name;
    if (summary.type === "oauth2") summary.flows = oauthFlowsOf(asRecord(scheme.flows));
    schemes[name] = summary;
  }
  return schemes;
}
