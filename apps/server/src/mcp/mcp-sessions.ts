import { randomUUID } from "node:crypto";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Logger } from "pino";
import type { Caller } from "../agent-tokens/agent-token-index";
import { callerIdentity } from "../agent-tokens/caller-of-request";

/** The live MCP sessions of one server app: one transport and one MCP server each. */
export interface McpSessions {
  /** Answers one request to `/mcp` (POST, GET or DELETE), creating a session on `initialize`; a session answers only the caller that started it. */
  handle(request: Request, caller: Caller): Promise<Response>;
  /** Sends `notifications/tools/list_changed` to every live session. */
  notifyToolsChanged(): Promise<void>;
  /** Live session count. */
  size(): number;
  /** Closes every session (ends their streams). */
  closeAll(): Promise<void>;
}

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: Server;
  /** `callerIdentity` of the token that started it (a token created again under the same name is not it). */
  owner: string;
}

const jsonRpcError = (status: number, message: string): Response =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });

function isInitializeRequest(body: unknown): boolean {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.some((message) => (message as { method?: unknown } | null)?.method === "initialize");
}

/**
 * Stateful MCP over Streamable HTTP with the official SDK's web-standard
 * transport: a Map from session id to `{ transport, server }`, filled on
 * `initialize`, emptied when a client sends DELETE or the transport closes.
 */
export function createMcpSessions({
  createServer,
  logger,
  maxBodyBytes,
}: {
  /** A session's MCP server, for the caller that started it and the URL its `initialize` came to. */
  createServer: (caller: Caller, requestUrl: string) => Server;
  logger: Logger;
  maxBodyBytes: number;
}): McpSessions {
  const sessions = new Map<string, Session>();

  async function startSession(request: Request, body: unknown, caller: Caller): Promise<Response> {
    const server = createServer(caller, request.url);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { transport, server, owner: callerIdentity(caller) });
        logger.info({ event: "mcp_session_opened", sessions: sessions.size }, "MCP session opened");
      },
      onsessionclosed: (sessionId) => {
        sessions.delete(sessionId);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined && sessions.delete(transport.sessionId)) {
        logger.info({ event: "mcp_session_closed", sessions: sessions.size }, "MCP session closed");
      }
    };
    await server.connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  }

  return {
    async handle(request, caller) {
      const sessionId = request.headers.get("mcp-session-id");
      if (sessionId !== null) {
        const session = sessions.get(sessionId);
        // Another token's session is answered as if it did not exist: a token cannot borrow a session of wider scope.
        if (session === undefined || session.owner !== callerIdentity(caller))
          return jsonRpcError(404, "unknown or closed MCP session; start a new one with initialize");
        return session.transport.handleRequest(request);
      }
      if (request.method !== "POST") return jsonRpcError(400, "missing Mcp-Session-Id header; send initialize first");
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return jsonRpcError(400, "the body is not JSON; send a JSON-RPC initialize request");
      }
      if (!isInitializeRequest(body)) return jsonRpcError(400, "missing Mcp-Session-Id header; send initialize first");
      return startSession(request, body, caller);
    },

    async notifyToolsChanged() {
      await Promise.all(
        [...sessions.values()].map(({ server }) =>
          server
            .sendToolListChanged()
            .catch((error: unknown) =>
              logger.warn(
                { event: "mcp_notify_failed", errorMessage: (error as Error).message },
                "could not notify an MCP session",
              ),
            ),
        ),
      );
    },

    size: () => sessions.size,

    async closeAll() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map(({ server }) => server.close().catch(() => undefined)));
    },
  };
}
