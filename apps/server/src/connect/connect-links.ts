import { randomBytes } from "node:crypto";

/** One connect link: which source, for whom, until when. */
export interface ConnectLink {
  readonly slug: string;
  readonly principal: string;
  readonly expiresAtMs: number;
}

/**
 * The links a person follows to connect their own credential to a per-user source: each bound to one source and one
 * principal, used once, valid 10 minutes. Kept in this process's memory (a replica knows only the links it issued).
 */
export interface ConnectLinks {
  /** A new link's token for `principal` and `slug`. */
  issue(slug: string, principal: string): { token: string; expiresAtMs: number };
  /** The link of `token` while it is unused and unexpired, without using it. */
  peek(token: string): ConnectLink | undefined;
  /** Uses the link of `token` up: later `peek` and `take` find nothing. */
  take(token: string): ConnectLink | undefined;
  /** Puts back a link taken by an attempt that stored nothing (a credential of the wrong shape), if it has not expired. */
  putBack(token: string, link: ConnectLink): void;
  /** Says the person connected through the link of `token` (its credential is stored): `whenConnected` waiters go on. */
  connected(token: string): void;
  /** Resolves true once the person connected through the link of `token`; false when it expires first, is unknown, or `signal` aborts. */
  whenConnected(token: string, signal?: AbortSignal): Promise<boolean>;
}

/** How long a connect link is valid: 10 minutes. */
export const connectLinkLifetimeMs = 10 * 60 * 1000;

/** The most links kept at once; the oldest are dropped first. */
const maxLinks = 10_000;

export function createConnectLinks({
  now = Date.now,
  lifetimeMs = connectLinkLifetimeMs,
}: { now?: () => number; lifetimeMs?: number } = {}): ConnectLinks {
  const links = new Map<string, ConnectLink>();
  /** Links used to connect, until they would have expired: a waiter that comes late still learns it. */
  const done = new Map<string, number>();
  const waiters = new Map<string, Set<(connected: boolean) => void>>();
  /** Links taken by a connect under way (its credential being stored): a waiter waits for its outcome. */
  const pending = new Map<string, ConnectLink>();
  const live = (token: string): ConnectLink | undefined => {
    const link = links.get(token);
    if (link === undefined) return undefined;
    if (now() >= link.expiresAtMs) {
      links.delete(token);
      return undefined;
    }
    return link;
  };
  return {
    issue(slug, principal) {
      if (links.size >= maxLinks) {
        for (const [token, link] of links) if (now() >= link.expiresAtMs) links.delete(token);
        while (links.size >= maxLinks) links.delete(links.keys().next().value as string);
      }
      const token = `srcc_${randomBytes(24).toString("base64url")}`;
      const expiresAtMs = now() + lifetimeMs;
      links.set(token, { slug, principal, expiresAtMs });
      return { token, expiresAtMs };
    },
    peek: live,
    take(token) {
      const link = live(token);
      links.delete(token);
      if (link !== undefined) pending.set(token, link);
      return link;
    },
    putBack(token, link) {
      pending.delete(token);
      if (now() < link.expiresAtMs) links.set(token, link);
    },
    connected(token) {
      pending.delete(token);
      for (const [known, until] of done) if (now() >= until) done.delete(known);
      done.set(token, now() + lifetimeMs);
      for (const resolve of waiters.get(token) ?? []) resolve(true);
      waiters.delete(token);
    },
    whenConnected(token, signal) {
      const until = done.get(token);
      if (until !== undefined && now() < until) return Promise.resolve(true);
      const link = live(token) ?? pending.get(token);
      if (link === undefined || signal?.aborted === true) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const finish = (connected: boolean): void => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", aborted);
          waiters.get(token)?.delete(finish);
          resolve(connected);
        };
        const aborted = (): void => finish(false);
        const timer = setTimeout(() => finish(false), Math.max(0, link.expiresAtMs - now()));
        timer.unref();
        signal?.addEventListener("abort", aborted, { once: true });
        let set = waiters.get(token);
        if (set === undefined) waiters.set(token, (set = new Set()));
        set.add(finish);
      });
    },
  };
}

/** The token of a connect page URL, or `undefined`. */
export function connectLinkTokenOf(url: string): string | undefined {
  return /#\/connect\/([A-Za-z0-9_-]+)$/.exec(url)?.[1];
}

/** Where a link's person connects: the console's connect page, the token in the URL's fragment (never sent to a server or written in its logs). */
export function connectPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/#/connect/${token}`;
}

/**
 * The server's connect links: `connectUrlFor` gives a `NOT_CONNECTED` answer its link (`<public URL>/#/connect/<token>`),
 * and `waitForConnection` lets an MCP call wait until the person connected through it (URL-mode elicitation).
 */
export function connectLinksOfServer(publicUrl: string): {
  links: ConnectLinks;
  connectUrlFor: (slug: string, principal: string) => string;
  waitForConnection: (connectUrl: string, signal: AbortSignal) => Promise<boolean>;
} {
  const links = createConnectLinks();
  return {
    links,
    connectUrlFor: (slug, principal) => connectPageUrl(publicUrl, links.issue(slug, principal).token),
    waitForConnection: (connectUrl, signal) => {
      const token = connectLinkTokenOf(connectUrl);
      return token === undefined ? Promise.resolve(false) : links.whenConnected(token, signal);
    },
  };
}
