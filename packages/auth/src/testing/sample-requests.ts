import type { AuthRequest } from "../auth-plugin";

/** The kinds of requests every check applies a plugin to; fresh objects on every call. */
export function createSampleRequests(): AuthRequest[] {
  return [
    { method: "GET", url: new URL("https://api.example.test/v1/items"), headers: new Headers() },
    {
      method: "GET",
      url: new URL("https://api.example.test/v1/items?limit=1&q=caf%C3%A9%20bar"),
      headers: new Headers({ accept: "application/json" }),
    },
    {
      method: "POST",
      url: new URL("https://api.example.test/v1/items?dry_run=true"),
      headers: new Headers({ "content-type": "application/json" }),
      body: '{"name":"widget","tags":["a","b"]}',
    },
    { method: "DELETE", url: new URL("http://127.0.0.1:8080/items/42"), headers: new Headers({ "x-trace": "1" }) },
  ];
}

/** A comparable picture of a request: everything `apply` could have changed. */
export interface RequestSnapshot {
  readonly keys: string[];
  readonly method: string;
  readonly url: string;
  readonly headers: [string, string][];
  readonly body: string | undefined;
}

export function snapshotRequest(request: AuthRequest): RequestSnapshot {
  return {
    keys: Object.keys(request).sort(),
    method: request.method,
    url: request.url.href,
    headers: [...request.headers.entries()],
    body: request.body,
  };
}

/** Names where two snapshots differ, e.g. `["url", "headers"]`. */
export function differingParts(left: RequestSnapshot, right: RequestSnapshot): string[] {
  const parts = ["keys", "method", "url", "headers", "body"] as const;
  return parts.filter((part) => JSON.stringify(left[part]) !== JSON.stringify(right[part]));
}
