import type { AuthRegistry, AuthRuntime } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { OperationCatalog } from "@src/openapi";
import { apiToolName } from "./api-tool-name";
import { callSource } from "./call-source";
import { createFailureResult } from "../result/create-failure-result";
import { describeApiTool } from "./describe-api-tool";
import { operationsToolName } from "./operations-tool-name";
import { apiToolInputSchema } from "./agent-input";
import type { ResultStore } from "../stored-results/result-store";
import { TOOL_ERROR_CODES } from "../result/tool-error-codes";
import type { ToolResult } from "../result/tool-result";
import { sharedToolInputJsonSchema } from "./tool-input-json-schema";
import type { JsonSchemaObject } from "./tool-input-json-schema";

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
  /** True for a tool that sends nothing upstream (`api_<slug>_operations`). Default false. */
  readonly readOnly?: boolean;
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
}

/**
 * Creates the tool an agent calls for `source`, or `undefined` when the
 * source is disabled (a disabled source has no tool). A source without a
 * credential still has a tool; its calls answer `NO_CREDENTIAL`.
 */
export function createApiTool(source: SourceRecord, dependencies: ApiToolDependencies): ApiTool | undefined {
  if (!source.enabled) return undefined;
  const plugin = dependencies.registry.get(source.api.authType);
  const { credentials, fetch } = dependencies;

  const execute = async (input: unknown, options?: { signal?: AbortSignal | undefined }): Promise<ToolResult> => {
    let credential: Record<string, unknown> | undefined;
    try {
      credential = await credentials.get(source.slug);
    } catch {
      return createFailureResult({
        code: TOOL_ERROR_CODES.NO_CREDENTIAL,
        message: `the credential of source "${source.slug}" could not be read; an operator must check the credential store or store the credential again`,
        retryable: true,
        call: input,
      });
    }
    return callSource({ source, call: input, plugin, credential, fetch, signal: options?.signal, auth: dependencies.auth, operations: dependencies.operations, results: dependencies.results, caller: dependencies.caller });
  };

  return {
    name: apiToolName(source.slug),
    slug: source.slug,
    description: describeApiTool(source, dependencies.operations === undefined ? undefined : { title: dependencies.operations.index.title, operations: dependencies.operations.index.operations.length, toolName: operationsToolName(source.slug) }),
    inputSchema: sharedToolInputJsonSchema(),
    inputZodSchema: apiToolInputSchema,
    execute,
  };
}
