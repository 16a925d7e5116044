import type { AnyAuthPluginV2, AuthRegistry, AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { apiToolName } from "./api-tool-name";
import { callSource } from "./call-source";
import { createFailureResult } from "../result/create-failure-result";
import { describeApiTool, type ApiToolAuth } from "./describe-api-tool";
import { operationsToolName } from "./operations-tool-name";
import { apiToolInputSchema } from "./agent-input";
import type { ResultStore } from "../stored-results/result-store";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import { sharedToolInputJsonSchema } from "./tool-input-json-schema";
import type { JsonSchemaObject } from "./tool-input-json-schema";
import { compilePolicy } from "../policy/compile-policy";
import type { Confirmer } from "../policy/confirmation";
import { describePolicy } from "../policy/describe-policy";
import type { TokenPolicy, ToolAccess } from "../policy/policy-narrowing";
import type { RateLimitStore } from "../policy/rate-limit-store";
import { writeToolName } from "./write-tool-name";

/** Where the tool reads the credential from, on every call. */
export interface CredentialReader {
  /** The stored credential of `slug`, or `undefined` when none is stored. */
  get(slug: string): Promise<Record<string, unknown> | undefined>;
}

/** What `createApiTool` needs besides the source. */
export interface ApiToolDependencies {
  /** The auth plugins; the source's `api.authType` must be registered (else `UnknownAuthTypeError`). */
  registry: AuthRegistry;
  /** Read on every call, so a newly stored credential is used without rebuilding the tool. */
  credentials: CredentialReader;
  /** A fetch to send requests with instead of node:http. Default: none (node:http/node:https with keep-alive agents). */
  fetch?: typeof fetch;
  /** The source's session cache, saveCredential and clock, for v2 plugins (tokens). Default: a session per call, no saving. */
  auth?: AuthRuntime | undefined;
  /**
   * The operations of the source's OpenAPI document (`readOperationIndex` and
   * `createOperationCatalog` of `@src/openapi`): calls are checked against it
   * (`api.openapiValidation`), the description names its title and size, and
   * `createOperationsTool` makes the companion tool. Default: none.
   */
  operations?: OperationCatalog | undefined;
  /** The agent token the tool is made for: it narrows the source's policy (read-only, its own rate limit). Default: none. */
  token?: TokenPolicy | undefined;
  /** Asks a person before calls that match a `confirm` rule. Default: none (they answer `CONFIRMATION_REQUIRED`). */
  confirm?: Confirmer | undefined;
  /** Where the policy's rate limits are counted. Default: this process's memory. */
  rateLimits?: RateLimitStore | undefined;
  /**
   * Where cut bodies are kept so the agent can read on with `resultRef`
   * (`createResultStore()`; one per process). Default: none (cut bodies are
   * only cut, and `resultRef` calls are refused).
   */
  results?: ResultStore | undefined;
  /** Who calls through this tool: stored results are read back only by the same caller. Default `"local"`. */
  caller?: string | undefined;
}

/** What every agent tool has, whatever it does: what the adapters (MCP, AI SDK, OpenAI, Anthropic) take. */
export interface AgentTool {
  readonly name: string;
  /** The source's slug. */
  readonly slug: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  /** True for a tool that changes nothing upstream: `api_<slug>_operations`, and the call tool of a read-only source or token or the read tool of a split pair. Default false. */
  readonly readOnly?: boolean;
  /** True for a tool that reaches an external API (every call tool). Default: the opposite of `readOnly`. */
  readonly openWorld?: boolean;
  /** Runs one call. Never throws: failures are `ok: false` results. */
  execute(input: unknown, options?: { signal?: AbortSignal | undefined }): Promise<ToolResult>;
}

/** The HTTP tool of one source, as an agent sees it. Turn it into an MCP, Vercel AI, OpenAI or Anthropic tool with the adapters. */
export interface ApiTool extends AgentTool {
  /** `api_<slug>`, each `-` of the slug turned into `_`. */
  readonly name: string;
  /** The source's slug. */
  readonly slug: string;
  /** What the API is, its base URL, automatic auth, its operations tool, ways to narrow long results. About 300 bytes; the details shared by every call tool are `apiToolInstructions`. */
  readonly description: string;
  /** The input as JSON Schema (no `$schema` key, `method` as an enum); one deeply frozen object shared by every tool (copy it to change it). */
  readonly inputSchema: JsonSchemaObject;
  /** The input as the zod schema `execute` validates with (the request, plus `select`, `paginate`, `resultRef`, `offset`). */
  readonly inputZodSchema: typeof apiToolInputSchema;
  /** Runs one call. Never throws: failures are `ok: false` results. */
  execute(input: unknown, options?: { signal?: AbortSignal | undefined }): Promise<ToolResult>;
  /** Which methods the tool takes: `any`, or `read` / `write` of a source whose policy splits its tools (`api.policy.tools: "split"`). */
  readonly access: ToolAccess;
}

/**
 * What the source's auth plugin tells the agent: its line (`describe(config)`, when it has one and the config
 * parses), and whether an operator can sign the source in again (a mode with sign-in steps that a person runs).
 */
function describeAuth(plugin: AnyAuthPluginV2, slug: string, api: Record<string, unknown>): ApiToolAuth {
  const config = plugin.configSchema.safeParse(api);
  if (!config.success) return {};
  const parsed = config.data as Record<string, unknown>;
  const unavailable = plugin.signIn?.unavailable({
    slug,
    config: parsed,
    credential: undefined,
    now: () => new Date(),
    signal: new AbortController().signal,
  });
  const description: string | undefined = plugin.describe?.(parsed);
  return { description, canSignIn: plugin.signIn !== undefined && unavailable?.reason !== "not-needed" };
}

/**
 * Creates the tool an agent calls for `source`, or `undefined` when the
 * source is disabled (a disabled source has no tool). A source without a
 * credential still has a tool; its calls answer `NO_CREDENTIAL`. For a source
 * whose policy splits its tools this is the read tool; `createApiTools` gives both.
 */
export function createApiTool(source: SourceRecord, dependencies: ApiToolDependencies): ApiTool | undefined {
  return createApiTools(source, dependencies)[0];
}

/**
 * The call tools of `source`: none when it is disabled, `api_<slug>` alone,
 * or, when its policy splits its tools (`api.policy.tools: "split"`) and
 * writes are possible at all (neither the source nor the token is read-only),
 * `api_<slug>` for GET, HEAD and OPTIONS and `api_<slug>_write` for the other methods.
 */
export function createApiTools(source: SourceRecord, dependencies: ApiToolDependencies): ApiTool[] {
  if (!source.enabled) return [];
  const plugin = dependencies.registry.get(source.api.authType);
  const { credentials, fetch, token } = dependencies;
  const policy = compilePolicy(source.api.policy);
  const readOnly = policy.readOnly || token?.readOnly === true;
  const accesses: ToolAccess[] = !policy.split ? ["any"] : readOnly ? ["read"] : ["read", "write"];
  const document =
    dependencies.operations === undefined
      ? undefined
      : {
          title: dependencies.operations.index.title,
          operations: dependencies.operations.index.operations.length,
          toolName: operationsToolName(source.slug),
        };

  const readCredential = async (): Promise<Record<string, unknown> | undefined> => credentials.get(source.slug);
  return accesses.map((access) => {
    const execute = async (input: unknown, options?: { signal?: AbortSignal | undefined }): Promise<ToolResult> => {
      try {
        return await callSource({
          source,
          call: input,
          plugin,
          credential: readCredential,
          fetch,
          signal: options?.signal,
          auth: dependencies.auth,
          operations: dependencies.operations,
          token,
          access,
          confirm: dependencies.confirm,
          rateLimits: dependencies.rateLimits,
          results: dependencies.results,
          caller: dependencies.caller,
        });
      } catch {
        // Only the credential reader rejects out of callSource.
        return createFailureResult({
          code: TOOL_ERROR_CODES.NO_CREDENTIAL,
          message: `the credential of source "${source.slug}" could not be read; an operator must check the credential store or store the credential again`,
          retryable: true,
          call: input,
        });
      }
    };
    const policyText = describePolicy(source.api.policy, {
      token,
      access,
      readToolName: apiToolName(source.slug),
      writeToolName: writeToolName(source.slug),
    });
    return {
      name: access === "write" ? writeToolName(source.slug) : apiToolName(source.slug),
      slug: source.slug,
      description: describeApiTool(source, document, policyText, describeAuth(plugin, source.slug, source.api)),
      inputSchema: sharedToolInputJsonSchema(),
      inputZodSchema: apiToolInputSchema,
      readOnly: readOnly || access === "read",
      openWorld: true,
      access,
      execute,
    };
  });
}
