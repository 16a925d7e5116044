import type { LookupFunction } from "node:net";
import type { SourceRecord } from "@src/config";
import type { AuthorizeHop, RejectionHandler } from "./authorize-hop";
import type { ExecutorLimits } from "./executor-limits";
import type { NodeHttpAgents } from "../transport/node-http-agents";
import type { RetryDelayOptions } from "./retry-policy";
import type { CheckHop } from "../policy/check-hop";
import type { WholeBody } from "../result/shape-result-body";

/** What `executeRequest` needs besides the built request. */
export interface ExecuteOptions {
  /** The source the request goes to: its base URL bounds redirects and pagination, its `api` block sets limits. */
  source: SourceRecord;
  /**
   * Attaches the credential again to each retry and each hop of a followed
   * redirect (the first request comes built, credential attached). For a
   * source's auth plugin: `createRequestAuthorizer(...).authorizeHop` (the one
   * the builder used), or `createHopAuthorizer({ plugin, config: source.api, credential })`.
   */
  authorizeHop: AuthorizeHop;
  /**
   * Asked once per call about a response whose status the auth plugin wants to
   * see (a 401): it may refresh and ask for one more attempt. Default: none.
   */
  onRejected?: RejectionHandler | undefined;
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
  /**
   * The source's policy, asked before each redirect is followed (`kind: "redirect"`): a refusal ends the call with
   * its error, the redirect not followed. `callSource` passes the one it checked the first request with. Default: none.
   */
  checkHop?: CheckHop | undefined;
  /**
   * Receives the whole body (redacted; JSON serialized) when it was cut to
   * `maxResultChars`, so it can be kept and read on by reference (`resultRef`).
   * Default: none.
   */
  onBodyCut?: ((whole: WholeBody) => void) | undefined;
  /** Backoff between retries. Default `{ baseMs: 300, maxRetryAfterMs: 30000 }`. */
  retryDelay?: RetryDelayOptions;
  /**
   * A `performance.now()` past which nothing of this call may start or go on, when it is one page of a walk that
   * shares one time budget (`paginate`): the call's own budget is cut to it, its first attempt too. Default: none.
   */
  walkDeadline?: number | undefined;
}
