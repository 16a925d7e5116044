import { localPrincipal } from "@src/service";
import type { HonoRequest } from "hono";
import type { Caller } from "./agent-token-index";

// Keyed by Hono's request object, which stays the same for a request's whole way through the app: its `raw` web
// Request does not (`bodyLimit` puts a counting stream in its place for a body without Content-Length, as a DELETE
// without a body has), and a caller remembered by `raw` was then read back as the admin.
const callers = new WeakMap<HonoRequest, Caller>();
const admin: Caller = { kind: "admin" };

/** Remembers who sent a request, once the token middleware has checked it. */
export function setCallerOf(request: HonoRequest, caller: Caller): void {
  callers.set(request, caller);
}

/** Who sent a request; the admin when no token middleware ran (an app built without agent tokens). */
export function callerOf(request: HonoRequest): Caller {
  return callers.get(request) ?? admin;
}

/** The name an agent call's log line gives its caller: `admin`, or `agent:<token name>`. */
export function callerLabel(caller: Caller): string {
  return caller.kind === "admin" ? "admin" : `agent:${caller.name}`;
}

/**
 * Who owns what a caller leaves behind (a cut result's `resultRef`, an MCP
 * session): `admin`, or `agent:<the token's identity>`. Not the token's name: a
 * token revoked and created again under the same name is another caller.
 */
export function callerIdentity(caller: Caller): string {
  return caller.kind === "admin" ? "admin" : `agent:${caller.id}`;
}

/** Who a caller's agent acts for: the operator (`local`) for the admin token, else the token's principal. */
export function principalOf(caller: Caller): string {
  return caller.kind === "admin" ? localPrincipal : caller.principal;
}

/** Whether a caller may call a source. */
export function mayCallSource(caller: Caller, slug: string): boolean {
  return caller.kind === "admin" || caller.sources === null || caller.sources.has(slug);
}
