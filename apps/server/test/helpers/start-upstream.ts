import { startUpstream as startTestUpstream, type RecordedRequest } from "@src/http-tool/testing";

/** A loopback API for tests: `/me` checks the bearer token, `/items` returns JSON, `/slow` waits for `release()`, `/fail` answers 500, `/status/N` answers N (200 to 999). */
export interface Upstream {
  url: string;
  /** Every request, exactly as it arrived (the shared `@src/http-tool/testing` recording). */
  seen: RecordedRequest[];
  /** Requests to `/slow` currently waiting. */
  waiting(): number;
  /** Resolves once `count` requests wait on `/slow`. */
  waitForSlow(count: number): Promise<void>;
  /** Answers every waiting `/slow` request. */
  release(): void;
  close(): Promise<void>;
}

/** The shared test upstream of `@src/http-tool/testing` with this API's routes. */
export async function startUpstream({
  token,
  host = "127.0.0.1",
}: {
  token: string;
  host?: string;
}): Promise<Upstream> {
  let parked: (() => void)[] = [];
  let parkedListeners: (() => void)[] = [];
  const upstream = await startTestUpstream(
    (_request, response, recorded) => {
      const send = (status: number, body: unknown): void => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      if (recorded.headers.authorization !== `Bearer ${token}`) return send(401, { message: "bad credentials" });
      if (recorded.path === "/me") return send(200, { login: "octo" });
      if (recorded.path === "/items") return send(200, { items: [{ id: 1, name: "first" }], query: recorded.url });
      if (recorded.path === "/fail") return send(500, { message: "upstream broke" });
      // Any status Node's server can send, 100 to 999 (a final answer for 200 and up).
      const status = /^\/status\/([2-9]\d\d)$/.exec(recorded.path)?.[1];
      if (status !== undefined) return send(Number(status), { status: Number(status) });
      if (recorded.path === "/slow") {
        parked.push(() => send(200, { slow: true }));
        for (const listener of parkedListeners) listener();
        return;
      }
      send(404, { message: "no such path" });
    },
    { host },
  );
  return {
    url: upstream.url,
    seen: upstream.requests,
    waiting: () => parked.length,
    waitForSlow: (count) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (parked.length >= count) resolve();
        };
        parkedListeners.push(check);
        check();
      }),
    release() {
      const answers = parked;
      parked = [];
      for (const answer of answers) answer();
    },
    close: () => {
      parkedListeners = [];
      for (const answer of parked) answer();
      return upstream.close();
    },
  };
}
