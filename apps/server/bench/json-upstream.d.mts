import type { RequestListener } from "node:http";

/** The size of the upstream's JSON answer, in bytes. */
export declare const jsonPayloadBytes: number;
/** Answers 1 KB of JSON to a request with the bearer `token`, 401 to any other. */
export declare function jsonUpstreamListener(token: string | undefined): RequestListener;
