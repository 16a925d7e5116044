import { isPerUserSource, SourceNotFoundError, type SourceRecord } from "@src/config";
import { slugSchema } from "@src/config/internal";
import { localPrincipal } from "../principal";
import {
  callSource,
  createOperationsTool,
  explainPolicy,
  rulesNamingNothing,
  TOOL_ERROR_CODES,
  type StoredResult,
  type TokenPolicy,
  type ToolResult,
} from "@src/http-tool";
import {
  apiToolName,
  maxToolNameLength,
  operationsToolName,
  readStoredPart,
  storedResultRefusal,
} from "@src/http-tool/internal";
import { SERVICE_ERROR_CODES, ServiceError } from "../errors/service-error";
import { slugOfOperationsTool } from "./openapi/operations-tool-slug";
import type { ServiceContext } from "./service-context";
import type { CallToolOptions, SourceService } from "./source-service";
import { slugOfToolName } from "./tool-name";
import { slugOfWriteTool } from "./write-tool-slug";

/** Most characters one `readStoredResult` (an MCP `resources/read`) hands over: the rest is read with the next offset. */
export const storedResultPartChars = 256 * 1024;

/** The service's methods that run or explain agent calls. */
export type SourceCalls = Pick<
  SourceService,
  "callTool" | "readStoredResult" | "explainPolicy" | "policyRulesNamingNothing"
>;

/** The slug a tool name (or a slug) stands for; names of long slugs end in a hash, so those are looked up. */
async function slugOfTool(context: ServiceContext, name: string): Promise<string> {
  const candidate = slugOfToolName(name);
  if (candidate === undefined || name.length < maxToolNameLength) return candidate ?? name;
  const match = (await context.store.list()).find((entry) => apiToolName(entry.slug) === name);
  return match?.slug ?? candidate;
}

/** A call of `api_<slug>_operations`: searches or describes the operations of the source's loaded document. */
async function callOperationsTool(context: ServiceContext, slug: string, input: unknown): Promise<ToolResult> {
  const source = await context.store.get(slug);
  const operations = source.enabled ? await context.documents.catalogFor(source) : undefined;
  if (operations === undefined) {
    throw new ServiceError({
      code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
      message: `no tool "${operationsToolName(slug)}": source "${slug}" is disabled or has no loaded OpenAPI document; list the tools to see their names`,
    });
  }
  return createOperationsTool(source, operations).execute(input);
}

/** An agent's name as a message quotes it: at most 80 characters. */
const shortened = (text: string): string => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The source a tool name stands for; an unknown one is `UNKNOWN_TOOL`, a store failure is told to the observer. */
async function sourceOfTool(context: ServiceContext, name: string, slug: string): Promise<SourceRecord> {
  try {
    return await context.store.get(slug);
  } catch (error) {
    // A name that can name no source (`api_Upper_X`, 5,000 characters) is an agent's mistake, not a store failure.
    const unknown = SourceNotFoundError.isInstance(error) || !slugSchema.safeParse(slug).success;
    if (!unknown) {
      context.observer?.storeError?.(error);
      throw error;
    }
    throw new ServiceError({
      code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
      message: `no tool "${shortened(name)}": no source "${shortened(slug)}" exists; list the tools to see their names`,
      cause: error,
    });
  }
}

/** `callTool`: one agent call, the source's policy checked before its credential is read. */
async function callTool(
  context: ServiceContext,
  name: string,
  input: unknown,
  { signal, token, confirm, caller, principal = localPrincipal }: CallToolOptions = {},
): Promise<ToolResult> {
  const { store, documents } = context;
  const operationsSlug = await slugOfOperationsTool(store, name);
  if (operationsSlug !== undefined) return callOperationsTool(context, operationsSlug, input);
  const writeSlug = await slugOfWriteTool(store, name);
  const slug = writeSlug ?? (await slugOfTool(context, name));
  const source = await sourceOfTool(context, name, slug);
  if (writeSlug !== undefined && source.api.policy?.tools !== "split") {
    throw new ServiceError({
      code: SERVICE_ERROR_CODES.UNKNOWN_TOOL,
      message: `no tool "${name}": source "${slug}" does not split its tools (api.policy.tools); call ${apiToolName(slug)} for every method`,
    });
  }
  const access = writeSlug !== undefined ? "write" : source.api.policy?.tools === "split" ? "read" : "any";
  const document = source.api.openapi === undefined ? undefined : await documents.loadCatalog(source);
  const operations = document !== undefined && "catalog" in document ? document.catalog : undefined;
  // The credential is read only once the policy allowed the call (a refusal reads nothing). A per-user source sends
  // the caller's principal's own credential, or nothing (NOT_CONNECTED): never the shared one, never another's.
  const perUser = isPerUserSource(source);
  const result = await callSource({
    source: context.withAbsoluteCaFile(source),
    call: input,
    plugin: context.pluginOf(source),
    credential: perUser
      ? () => context.credentials.connectionFor(source, principal)
      : () => context.credentials.credentialFor(source),
    notConnected: perUser ? { message: notConnectedMessage(slug, principal) } : undefined,
    fetch: context.fetch,
    signal,
    auth: context.auth.runtimeFor(source, principal),
    operations,
    documentNotLoaded: document !== undefined && "problem" in document ? document.problem : undefined,
    token,
    access,
    confirm,
    rateLimits: context.rateLimits,
    results: context.results,
    caller,
  });
  if (result.error?.code === TOOL_ERROR_CODES.NO_CREDENTIAL && !perUser && result.attempts === 0)
    await explainUnboundCredential(context, slug, result.error);
  return result;
}

/**
 * A NO_CREDENTIAL whose source does hold a credential: it was stored for another address (the base URL, or an auth
 * endpoint such as the token URL, changed since), so it is not sent. The message says so instead of "none is stored".
 */
async function explainUnboundCredential(
  context: ServiceContext,
  slug: string,
  error: NonNullable<ToolResult["error"]>,
): Promise<void> {
  if (!(await (await context.credentials.vault()).has(slug))) return;
  error.message = `the credential stored for source "${slug}" was stored for another address of the API (its base URL or an auth endpoint changed since), so it is not sent; an operator must store it again, then retry`;
}

/** What a caller without their own credential for a per-user source is told: nothing was sent, and how to connect. */
export function notConnectedMessage(slug: string, principal: string): string {
  return `source "${slug}" sends each person's own credential, and none is stored for ${JSON.stringify(principal)}; nothing was sent. Ask your person to connect their own (the link in error.connectUrl, when given), or an operator stores it: src credential set ${slug} --principal ${principal}`;
}

/**
 * Why a stored result may not be read now (MCP `resources/read`), as its tool would refuse it (`storedResultRefusal`):
 * its source removed or disabled, the reader's token no longer allowed the source, or the policy narrowed since.
 */
async function storedResultRefusalNow(
  context: ServiceContext,
  result: StoredResult,
  { token, mayCall }: { token: TokenPolicy | undefined; mayCall: boolean },
): Promise<string | undefined> {
  if (!mayCall) return `this agent token may no longer call source "${result.slug}"`;
  const source = await context.store.get(result.slug).catch((error: unknown) => {
    if (SourceNotFoundError.isInstance(error)) return undefined;
    throw error;
  });
  if (source === undefined) return `source "${result.slug}" was removed`;
  const operations = source.api.openapi === undefined ? undefined : await context.documents.catalogFor(source);
  return storedResultRefusal(result, { source, operations, token });
}

/** The methods of the service that call, over `context`. */
export function sourceCallsOf(context: ServiceContext): SourceCalls {
  return {
    callTool: (name, input, options) => callTool(context, name, input, options),

    async readStoredResult(ref, { caller, offset = 0, token, sources } = {}) {
      const read = readStoredPart({
        store: context.results,
        owner: caller ?? "local",
        ref,
        offset,
        maxChars: storedResultPartChars,
      });
      if (!read.ok) return { ok: false, message: read.message };
      const { part } = read;
      const refused = await storedResultRefusalNow(context, part.result, {
        token: typeof token === "function" ? token(part.result.slug) : token,
        mayCall: sources?.(part.result.slug) ?? true,
      });
      if (refused !== undefined)
        return { ok: false, message: `resultRef ${JSON.stringify(ref.slice(0, 80))} is refused: ${refused}` };
      const end = part.offset + part.length;
      return {
        ok: true,
        text: part.text.slice(part.offset, end),
        mimeType: part.result.kind === "json" ? "application/json" : "text/plain",
        offset: part.offset,
        totalChars: part.text.length,
        ...(end < part.text.length ? { nextOffset: end } : {}),
      };
    },

    async explainPolicy(slug, call, { token } = {}) {
      const source = await context.store.get(slug);
      const operations = source.api.openapi === undefined ? undefined : await context.documents.catalogFor(source);
      return explainPolicy(source, call, { operations, token });
    },

    async policyRulesNamingNothing(slug) {
      const source = await context.store.get(slug);
      if (source.api.openapi === undefined || source.api.policy === undefined) return [];
      const operations = await context.documents.catalogFor(source);
      return operations === undefined ? [] : rulesNamingNothing(source.api.policy, operations, source.slug);
    },
  };
}
