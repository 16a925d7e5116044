import { randomBytes } from "node:crypto";
import { sha256Of, type ConnectLinkStore } from "@src/config";

/** One connect link: which source, for whom, until when. */
export interface ConnectLink {
  readonly slug: string;
  readonly principal: string;
  readonly expiresAtMs: number;
}

/**
 * The links a person follows to connect their own credential to a per-user source: each bound to one source and one
 * principal, used once, valid 10 minutes. A principal has at most `openConnectLinksPerPrincipal` (3) open links for a
 * source: issuing one more ends the oldest, so an agent that keeps calling while its person does not connect grows
 * nothing (a link cannot be given again: only its token's SHA-256 is kept). Kept in a `ConnectLinkStore` shared by every replica (the PostgreSQL store;
 * a server on files keeps `<home>/connect-links.json`), by the SHA-256 of the token, never the token: a link issued by
 * one replica is opened and used through any other, and its waiter on the first learns it.
 */
export interface ConnectLinks {
  /** A new link's token for `principal` and `slug`; beyond the newest few, that pair's older open links end. */
  issue(slug: string, principal: string): Promise<{ token: string; expiresAtMs: number }>;
  /** The link of `token` while it is unused and unexpired, without using it. */
  peek(token: string): Promise<ConnectLink | undefined>;
  /** Uses the link of `token` up: later `peek` and `take` find nothing, on any replica. Of two takes at once, one gets it. */
  take(token: string): Promise<ConnectLink | undefined>;
  /** Puts back a link taken by an attempt that stored nothing (a credential of the wrong shape), if it has not expired. */
  putBack(token: string): Promise<void>;
  /** Says the person connected through the link of `token` (its credential is stored): `whenConnected` waiters go on. */
  connected(token: string): Promise<void>;
  /**
   * Resolves true once the person connected through the link of `token`, through any replica; false when it expires
   * first, is unknown, or `signal` aborts. A waiter reads the store every `pollIntervalMs` (and at once when the person
   * connected through this process).
   */
  whenConnected(token: string, signal?: AbortSignal): Promise<boolean>;
}

/** How long a connect link is valid: 10 minutes. */
export const connectLinkLifetimeMs = 10 * 60 * 1000;

/** How often a waiter reads its link in the store. Default 500 ms. */
export const connectLinkPollIntervalMs = 500;

/** Options of `createConnectLinks`. */
export interface ConnectLinksOptions {
  /** Where the links are: `createFileConnectLinkStore` (`@src/config`) or the PostgreSQL store's `connectLinks`. */
  readonly store: ConnectLinkStore;
  readonly now?: () => number;
  readonly lifetimeMs?: number;
  readonly pollIntervalMs?: number;
  /**
   * When the source of `slug` was created (epoch ms), or `undefined` when there is none. A link issued before its
   * source was created (the source was removed and another added under the slug) is for a source that is gone: it is
   * found by no one, so what the person types never reaches the new one. Default: links are not checked.
   */
  readonly sourceCreatedAt?: (slug: string) => Promise<number | undefined>;
}

export function createConnectLinks({
  store,
  now = Date.now,
  lifetimeMs = connectLinkLifetimeMs,
  pollIntervalMs = connectLinkPollIntervalMs,
  sourceCreatedAt,
}: ConnectLinksOptions): ConnectLinks {
  /** Whether the link's source is the one it was issued for: created before the link, and still there. */
  const forItsSource = async (link: { slug: string; expiresAtMs: number }): Promise<boolean> => {
    if (sourceCreatedAt === undefined) return true;
    const createdAt = await sourceCreatedAt(link.slug);
    return createdAt !== undefined && createdAt <= link.expiresAtMs - lifetimeMs;
  };
  /** Waiters of this process, by the link's hash: woken at once when the person connects through this process. */
  const wakers = new Map<string, Set<() => void>>();
  const wake = (sha256: string): void => {
    for (const resolve of wakers.get(sha256) ?? []) resolve();
  };

  /** Resolves after `ms`, when `signal` aborts, or when this process connects the link of `sha256`. */
  function pause(sha256: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", finish);
        wakers.get(sha256)?.delete(finish);
        if (wakers.get(sha256)?.size === 0) wakers.delete(sha256);
        resolve();
      };
      const timer = setTimeout(finish, Math.max(0, ms));
      timer.unref();
      signal?.addEventListener("abort", finish, { once: true });
      let set = wakers.get(sha256);
      if (set === undefined) wakers.set(sha256, (set = new Set()));
      set.add(finish);
    });
  }

  const usable = async (token: string): Promise<ConnectLink | undefined> => {
    const link = await store.get(sha256Of(token));
    if (link === undefined || link.state !== "open" || now() >= link.expiresAtMs) return undefined;
    if (!(await forItsSource(link))) return undefined;
    return { slug: link.slug, principal: link.principal, expiresAtMs: link.expiresAtMs };
  };

  return {
    async issue(slug, principal) {
      const token = `srcc_${randomBytes(24).toString("base64url")}`;
      const expiresAtMs = now() + lifetimeMs;
      await store.insert({ sha256: sha256Of(token), slug, principal, expiresAtMs }, now());
      return { token, expiresAtMs };
    },
    peek: usable,
    async take(token) {
      const link = await store.take(sha256Of(token), now());
      // A link for a source that is gone stays taken: no one can use it again.
      if (link === undefined || !(await forItsSource(link))) return undefined;
      return { slug: link.slug, principal: link.principal, expiresAtMs: link.expiresAtMs };
    },
    putBack: (token) => store.putBack(sha256Of(token), now()),
    async connected(token) {
      const sha256 = sha256Of(token);
      // Kept a lifetime after connecting: a waiter that asks late still learns it.
      await store.markConnected(sha256, now() + lifetimeMs);
      wake(sha256);
    },
    async whenConnected(token, signal) {
      const sha256 = sha256Of(token);
      let expiresAtMs: number | undefined;
      for (;;) {
        if (signal?.aborted === true) return false;
        const link = await store.get(sha256).catch(() => null);
        // A store that did not answer: try again at the next interval, while the link would still be valid.
        if (link === null) {
          if (expiresAtMs === undefined) return false;
        } else {
          if (link === undefined) return false;
          if (link.state === "connected") return true;
          expiresAtMs = link.expiresAtMs;
        }
        if (now() >= expiresAtMs) return false;
        await pause(sha256, Math.min(pollIntervalMs, expiresAtMs - now()), signal);
      }
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
 * The server's connect links: `connectUrlFor` gives a `NOT_CONNECTED` answer its link (`<public URL>/#/connect/<token>`;
 * with `publicUrl` `""`, the origin of `requestUrl`, the agent's request, else a link relative to the server), and
 * `waitForConnection` lets an MCP call wait until the person connected through it (URL-mode elicitation), on any replica.
 */
export function connectLinksOfServer(
  publicUrl: string,
  store: ConnectLinkStore,
  sourceCreatedAt?: (slug: string) => Promise<number | undefined>,
): {
  links: ConnectLinks;
  connectUrlFor: (slug: string, principal: string, requestUrl?: string) => Promise<string>;
  waitForConnection: (connectUrl: string, signal: AbortSignal) => Promise<boolean>;
} {
  const links = createConnectLinks({ store, ...(sourceCreatedAt === undefined ? {} : { sourceCreatedAt }) });
  return {
    links,
    connectUrlFor: async (slug, principal, requestUrl) =>
      connectPageUrl(
        publicUrl !== "" || requestUrl === undefined ? publicUrl : new URL(requestUrl).origin,
        (await links.issue(slug, principal)).token,
      ),
    waitForConnection: (connectUrl, signal) => {
      const token = connectLinkTokenOf(connectUrl);
      return token === undefined ? Promise.resolve(false) : links.whenConnected(token, signal);
    },
  };
}
