import { Agent as HttpAgent } from "node:http";
import { Agent as HttpsAgent } from "node:https";

/** The keep-alive agents the node:http transport uses; inject your own through `ExecuteOptions.agents`. */
export interface NodeHttpAgents {
  /** Agent for `http:` URLs. Default: a shared keep-alive agent, 64 sockets per origin. */
  http?: HttpAgent;
  /** Agent for `https:` URLs (default certificate verification). Default: a shared keep-alive agent, 64 sockets per origin. */
  https?: HttpsAgent;
}

/** Connections kept per origin; more calls in flight wait for a free one. */
export const maxSocketsPerOrigin = 64;

/** An idle kept-alive connection is closed after this long (unless the server's `Keep-Alive: timeout` says less). */
export const freeSocketTimeoutMs = 30_000;

const agentOptions = {
  keepAlive: true,
  maxSockets: maxSocketsPerOrigin,
  timeout: freeSocketTimeoutMs,
  scheduling: "lifo" as const,
};

/** Shared by every call of this module instance, so connections to one API are reused across calls. */
export const defaultAgents: Readonly<Required<NodeHttpAgents>> = Object.freeze({
  http: new HttpAgent(agentOptions),
  https: new HttpsAgent(agentOptions),
});
