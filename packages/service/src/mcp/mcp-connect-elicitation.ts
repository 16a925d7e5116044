import { randomUUID } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ToolResult } from "@src/http-tool";

/** Waits until the person connected through `connectUrl` (true), or the link expired or `signal` aborted (false). */
export type WaitForConnection = (connectUrl: string, signal: AbortSignal) => Promise<boolean>;

/** How long the client has to answer the URL elicitation itself (the person then has the link's own 10 minutes). */
export const connectElicitationTimeoutMs = 10 * 60_000;

/**
 * A per-user source's `NOT_CONNECTED` answer over MCP, when the client declared URL-mode elicitation (MCP 2025-11-25):
 * the person is sent the connect link (`elicitation/create`, mode `url`, in the tool call's own stream); once they
 * connected, the client is told (`notifications/elicitation/complete`) and the call is made again, so the agent gets
 * its answer. Declined, cancelled, unanswered or not connected before the link expires: the `NOT_CONNECTED` result as
 * it was, nothing sent. `undefined` when the client cannot be asked (it gets the link in the result instead).
 */
export async function connectThroughElicitation({
  server,
  result,
  requestId,
  signal,
  waitForConnection,
  callAgain,
}: {
  server: Server;
  result: ToolResult;
  requestId: string | number;
  signal: AbortSignal;
  waitForConnection: WaitForConnection | undefined;
  callAgain: () => Promise<ToolResult>;
}): Promise<ToolResult> {
  const connectUrl = result.error?.code === "NOT_CONNECTED" ? result.error.connectUrl : undefined;
  if (
    connectUrl === undefined ||
    waitForConnection === undefined ||
    server.getClientCapabilities()?.elicitation?.url === undefined
  )
    return result;
  const elicitationId = randomUUID();
  let action: string;
  try {
    ({ action } = await server.elicitInput(
      {
        mode: "url",
        message: `${result.error?.message.split(". Connect page")[0] ?? "Connect this source"}. Open the link to connect your own credential; the agent's call goes on once you have.`,
        url: connectUrl,
        elicitationId,
      },
      { relatedRequestId: requestId, timeout: connectElicitationTimeoutMs, signal },
    ));
  } catch {
    return result;
  }
  if (action !== "accept") return result;
  if (!(await waitForConnection(connectUrl, signal))) return result;
  await server
    .createElicitationCompletionNotifier(elicitationId, { relatedRequestId: requestId })()
    .catch(() => undefined);
  return callAgain();
}
