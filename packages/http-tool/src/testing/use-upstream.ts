import { afterAll, beforeAll } from "vitest";
import { echoRequest, startUpstream, type Upstream, type UpstreamHandler, type UpstreamOptions } from "./test-upstream";

/**
 * Starts an upstream (`startUpstream`) before the tests of the surrounding `describe` (or file) and closes it after
 * them; call the returned function inside a test or hook for the running upstream.
 */
export function useUpstream(handler: UpstreamHandler = echoRequest, options: UpstreamOptions = {}): () => Upstream {
  let upstream: Upstream | undefined;
  beforeAll(async () => {
    upstream = await startUpstream(handler, options);
  });
  afterAll(() => upstream?.close());
  return () => {
    if (upstream === undefined)
      throw new Error("useUpstream: the upstream is used outside a test; call the function inside it() or a hook");
    return upstream;
  };
}
