import type { Agent, RequestListener } from "node:http";

/** Forwards each request to the upstream's /items on `port` with the bearer `token`, and its answer back. */
export declare function passThroughListener(target: {
  port: number;
  token: string | undefined;
  agent: Agent;
}): RequestListener;
