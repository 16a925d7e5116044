import type { LookupFunction } from "node:net";
import type { SourceRecord } from "@src/config";
import type { ExecutorLimits } from "./executor-limits";
import type { NodeHttpAgents } from "./node-http-agents";
import type { RequestAuthorizer } from "./request-authorizer";
import type { RetryDelayOptions } from "./retry-policy";

/** What `executeRequest` needs besides the built request. */
export interface ExecuteOptions {
  /** The source the request goes to: its base URL bounds redirects and pagination, its `api` block sets limits. */
  source: SourceRecord;
  /**
   * The source's auth plugin bound to this call (`createRequestAuthorizer`, the
   * one `buildRequest` used): it authorizes every retry and followed redirect
   * again, and may ask for one retry of a rejected request (a 401). Default:
   * none, the request is sent as built.
   */
  authorizer?: RequestAuthorizer | undefined;
  /**
   * A fetch to send every attempt with, instead of the default node:http
   * transport (tests and users inject one). Default: none, node:http/node:https
   * with shared keep-alive agents.
   */
  fetch?: typeof fetch;
  /** Agents of the node:http transport (ignored with `fetch`). Default: shared keep-alive agents, 64 sockets per origin. */
  agents?: NodeHttpAgents;
  /** Host-name lookup of the node:http transport (ignored with `fetch`), e.g. a test's failing resolver. Default: `dns.lookup`. */
  lookup?: LookupFunction;
  /** Aborts the call (the result is a `NETWORK` error saying it was cancelled). Default: none. */
  signal?: AbortSignal;
  /** Overrides of the source's limits for this call. Default: the source's `api` limits over `defaultExecutorLimits`. */
  limits?: Partial<ExecutorLimits>;
  /** Backoff between retries. Default `{ baseMs: 300, maxRetryAfterMs: 30000 }`. */
  retryDelay?: RetryDelayOptions;
}
