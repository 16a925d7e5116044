import type { AnyAuthPlugin } from "@src/auth";
import type { SourceRecord } from "@src/config";
import type { BuiltRequest } from "./built-request";
import type { ParsedToolCall, ToolCall } from "./tool-call";

/** What `buildRequest` needs. */
export interface BuildRequestInput {
  /** The source the call goes to. */
  source: SourceRecord;
  /** The agent's call, raw or already normalized. */
  call: ToolCall | ParsedToolCall;
  /** The stored credential, checked with the plugin's credential schema. */
  credential: Record<string, unknown>;
  /** The auth plugin selected by `source.api.authType`. */
  plugin: AnyAuthPlugin;
}

/**
 * Turns a source, an agent's call and a credential into the request to send.
 * Pure: no I/O. Throws `InvalidCallError` when the call is unsafe or wrong.
 */
export function buildRequest({ source, call, credential, plugin }: BuildRequestInput): BuiltRequest {
  void source;
  void call;
  void credential;
  void plugin;
  throw new Error("buildRequest: not implemented yet");
}
