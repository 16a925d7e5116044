import type { AttemptResponse, PendingAttempt } from "./attempt-response";
import { readLimitedBody } from "./read-limited-body";
import type { Hop } from "./hop";

/**
 * Sends one hop with a caller-supplied fetch (redirects manual, so the
 * executor follows them). Fetch decompresses the body itself. `abort` aborts
 * the fetch's signal, which also ends a body being read.
 */
export function sendWithFetch(hop: Hop, fetchFunction: typeof fetch): PendingAttempt {
  const controller = new AbortController();
  const response = (async (): Promise<AttemptResponse> => {
    const fetched = await fetchFunction(hop.url, {
      method: hop.method,
      headers: hop.headers,
      body: hop.body,
      signal: controller.signal,
      redirect: "manual",
    });
    return {
      status: fetched.status,
      statusText: fetched.statusText,
      headers: fetched.headers,
      read: (maxBytes) => readLimitedBody(fetched, maxBytes),
      cancel: () => void fetched.body?.cancel().catch(() => undefined),
    };
  })();
  return { response, abort: () => controller.abort() };
}
