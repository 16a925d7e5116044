import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { ConfirmationRequest, Confirmer } from "@src/http-tool";

/** How long a person has to answer an elicitation before the call is given up (nothing sent). */
export const confirmationTimeoutMs = 5 * 60_000;

/** The question a person reads: source, method, path, query names and the body in brief; never a secret or a body's values. */
export function confirmationMessage(request: ConfirmationRequest): string {
  const query = request.queryNames.length === 0 ? "" : ` with the query parameters ${request.queryNames.join(", ")}`;
  return (
    `An agent wants to send ${request.method} ${request.path}${query} to "${request.sourceName}" (source "${request.source}"). ` +
    `Body: ${request.bodySummary}. The source's policy asks a person first (rule "${request.rule}"). Send it?`
  );
}

/**
 * The `Confirmer` of one MCP tool call: an elicitation form (the official
 * SDK's `elicitInput`, sent in the tool call's own stream) when the client
 * declared the `elicitation` capability, else `undefined` (the call is then
 * refused with `CONFIRMATION_REQUIRED`). Accepted with `confirm: true` sends
 * the call; declined, cancelled, `confirm: false` or no answer in
 * `confirmationTimeoutMs` sends nothing.
 */
export function mcpConfirmerFor(server: Server, requestId: string | number): Confirmer | undefined {
  if (server.getClientCapabilities()?.elicitation === undefined) return undefined;
  return async (request, { signal }) => {
    try {
      const result = await server.elicitInput(
        {
          mode: "form",
          message: confirmationMessage(request),
          requestedSchema: {
            type: "object",
            properties: {
              confirm: {
                type: "boolean",
                title: `Send ${request.method} ${request.path}`,
                description: `to ${request.sourceName}; body: ${request.bodySummary}`,
                default: false,
              },
            },
            required: ["confirm"],
          },
        },
        { relatedRequestId: requestId, timeout: confirmationTimeoutMs, ...(signal === undefined ? {} : { signal }) },
      );
      if (result.action === "accept") return result.content?.confirm === true ? "accepted" : "declined";
      return result.action === "decline" ? "declined" : "cancelled";
    } catch {
      // No answer (the client went away, the time ran out): nothing is sent.
      return "cancelled";
    }
  };
}
