/**
 * HTTP requests that reached the call gate, which writes their one
 * `tool_call` line; the access log leaves them out, so an agent call is one
 * log line, not two. Keyed by the request object, dropped with it.
 */
export const agentCallRequests = new WeakSet<Request>();
