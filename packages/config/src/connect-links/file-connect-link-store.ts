import { CONFIG_ERROR_CODES } from "../errors/config-error";
import { hasFieldTypes, lockedListFile } from "../store/locked-list-file";
import { openConnectLinksPerPrincipal, type ConnectLinkStore, type StoredConnectLink } from "./connect-link-store";

/** Options of `createFileConnectLinkStore`. */
export interface FileConnectLinkStoreOptions {
  /** The src home: the file is `<home>/connect-links.json`. */
  readonly home: string;
  /** Longest wait for another process's lock, in ms. Default 10000. */
  readonly lockTimeoutMs?: number;
  /** The most links kept at once; the oldest are dropped first. Default 10000. */
  readonly maxLinks?: number;
}

const states = new Set(["open", "taken", "connected"]);

function isLink(value: unknown): value is StoredConnectLink {
  return (
    hasFieldTypes(value, {
      sha256: "string",
      slug: "string",
      principal: "string",
      expiresAtMs: "number",
      keepUntilMs: "number",
    }) && states.has(value.state as string)
  );
}

/** `links` without the open links of `slug` and `principal` but the `keep` that expire last. */
function withoutOlderOpenLinks(
  links: StoredConnectLink[],
  { slug, principal }: { slug: string; principal: string },
  keep: number,
): StoredConnectLink[] {
  const open = links.filter((link) => link.state === "open" && link.slug === slug && link.principal === principal);
  // Stable: of links that expire at the same moment, the one written first goes first.
  const oldestFirst = [...open].sort((a, b) => a.expiresAtMs - b.expiresAtMs);
  const dropped = new Set(oldestFirst.slice(0, Math.max(0, oldestFirst.length - keep)));
  return dropped.size === 0 ? links : links.filter((link) => !dropped.has(link));
}

/**
 * The connect links of every process sharing a home (a single server, replicas on one machine): `<home>/connect-links.json`
 * (mode 0600), changed under an inter-process lock and written atomically, so a take is atomic across processes. It
 * holds no token: each link is keyed by the SHA-256 of its token. Replicas on several machines use the PostgreSQL store.
 */
export function createFileConnectLinkStore({
  home,
  lockTimeoutMs = 10_000,
  maxLinks = 10_000,
}: FileConnectLinkStoreOptions): ConnectLinkStore {
  // A damaged file holds only links of the last 10 minutes: the agent's next call gives a new one, the next write replaces it.
  const { read, change: changeItems } = lockedListFile<StoredConnectLink>({
    home,
    fileName: "connect-links.json",
    listKey: "links",
    isItem: isLink,
    unavailableCode: CONFIG_ERROR_CODES.CONNECT_LINKS_UNAVAILABLE,
    what: "connect links",
    lockTimeoutMs,
  });
  const change = <T>(
    mutate: (links: StoredConnectLink[]) => { links: StoredConnectLink[] | undefined; result: T },
  ): Promise<T> =>
    changeItems((items) => {
      const { links, result } = mutate(items);
      return { items: links, result };
    });

  /** `links` with the one of `sha256` replaced by `changed` (undefined: unchanged, nothing written). */
  function replace(
    links: StoredConnectLink[],
    sha256: string,
    changed: (link: StoredConnectLink) => StoredConnectLink | undefined,
  ): { links: StoredConnectLink[] | undefined; result: StoredConnectLink | undefined } {
    const index = links.findIndex((link) => link.sha256 === sha256);
    const next = index < 0 ? undefined : changed(links[index]!);
    if (next === undefined) return { links: undefined, result: undefined };
    const copy = [...links];
    copy[index] = next;
    return { links: copy, result: next };
  }

  return {
    insert: (link, nowMs) =>
      change((links) => {
        const kept = withoutOlderOpenLinks(
          links.filter((stored) => stored.keepUntilMs >= nowMs && stored.sha256 !== link.sha256),
          link,
          openConnectLinksPerPrincipal - 1,
        );
        // Oldest first in the file: beyond the bound, the oldest go.
        const room = kept.slice(Math.max(0, kept.length - (maxLinks - 1)));
        return {
          links: [...room, { ...link, state: "open", keepUntilMs: link.expiresAtMs }],
          result: undefined,
        };
      }),
    async get(sha256) {
      return (await read()).find((link) => link.sha256 === sha256);
    },
    take: (sha256, nowMs) =>
      change((links) =>
        replace(links, sha256, (link) =>
          link.state === "open" && nowMs < link.expiresAtMs ? { ...link, state: "taken" } : undefined,
        ),
      ),
    putBack: async (sha256, nowMs) => {
      await change((links) =>
        replace(links, sha256, (link) =>
          link.state === "taken" && nowMs < link.expiresAtMs ? { ...link, state: "open" } : undefined,
        ),
      );
    },
    markConnected: async (sha256, keepUntilMs) => {
      await change((links) =>
        replace(links, sha256, (link) =>
          link.state === "taken" ? { ...link, state: "connected", keepUntilMs } : undefined,
        ),
      );
    },
  };
}
