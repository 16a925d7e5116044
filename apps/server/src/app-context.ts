import type { OpenAPIHono } from "@hono/zod-openapi";
import type { SourceService } from "@src/service";
import type { Logger } from "pino";
import type { AgentTokenIndex } from "./agent-tokens/agent-token-index";
import type { AgentTokenStore } from "./agent-tokens/agent-token-store";
import type { CallGate } from "./create-call-gate";
import type { McpSessions } from "./mcp/mcp-sessions";

/** The Hono app type of the server. */
export type ServerHono = OpenAPIHono;

/** What the route files share. */
export interface RouteContext {
  app: ServerHono;
  service: SourceService;
  gate: CallGate;
  sessions: McpSessions;
  logger: Logger;
  /** The agent token store and the server's index of it. */
  tokens: { store: AgentTokenStore; index: AgentTokenIndex };
}
