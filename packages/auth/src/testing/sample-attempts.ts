import type { AuthorizeRequest } from "../auth-plugin-v2";

const encoder = new TextEncoder();

/** The kinds of attempts every v2 check authorizes, aimed at `origin` (a local echo server); fresh objects each call. */
export function createSampleAttempts(origin: string, signal: AbortSignal, attempt = 1): AuthorizeRequest[] {
  return [
    { method: "GET", url: new URL(`${origin}/v1/items`), headers: new Headers(), body: undefined, attempt, signal },
    {
      method: "GET",
      url: new URL(`${origin}/v1/items?limit=1&q=caf%C3%A9%20bar`),
      headers: new Headers({ accept: "application/json" }),
      body: undefined,
      attempt,
      signal,
    },
    {
      method: "POST",
      url: new URL(`${origin}/v1/items?dry_run=true`),
      headers: new Headers({ "content-type": "application/json" }),
      body: encoder.encode('{"name":"widget","tags":["a","b"]}'),
      attempt,
      signal,
    },
    {
      method: "DELETE",
      url: new URL(`${origin}/items/42`),
      headers: new Headers({ "x-trace": "1" }),
      body: undefined,
      attempt,
      signal,
    },
  ];
}

/** Everything `authorize` could have changed, comparable; the `varying` headers by presence only. */
export function snapshotAttempt(
  request: AuthorizeRequest,
  varying: readonly string[] = [],
): { method: string; url: string; headers: [string, string][]; body: string | undefined } {
  const masked = new Set(varying.map((name) => name.toLowerCase()));
  return {
    method: request.method,
    url: request.url.href,
    headers: [...request.headers.entries()].map(([name, value]): [string, string] => [
      name,
      masked.has(name) ? "(varies)" : value,
    ]),
    body: request.body === undefined ? undefined : Buffer.from(request.body).toString("base64"),
  };
}
