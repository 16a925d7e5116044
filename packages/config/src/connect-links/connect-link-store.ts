/** Where a connect link is: usable, taken by a connect under way, or used to connect. */
export type ConnectLinkState = "open" | "taken" | "connected";

/**
 * One connect link as a store keeps it: keyed by the SHA-256 of its token (the token itself is never stored), bound to
 * one source and one principal. Times are epoch milliseconds of the process that wrote them.
 */
export interface StoredConnectLink {
  /** Hex SHA-256 of the link's token. */
  readonly sha256: string;
  readonly slug: string;
  readonly principal: string;
  /** Until when the link may be used (`open`) or a connect under way may finish (`taken`). */
  readonly expiresAtMs: number;
  readonly state: ConnectLinkState;
  /** Until when the store keeps it; later a sweep drops it. A `connected` link is kept after it expires, for waiters that ask late. */
  readonly keepUntilMs: number;
}

/**
 * The most `open` links one principal has for one source at once: a store that adds one more drops the oldest open one
 * (the one that expires first). An agent that keeps calling a per-user source while its person does not connect is
 * given a new link each time; the store stays bounded, and the few latest stay usable, so a person who opens a link
 * given a moment before still connects. A link is never given twice: the store holds only the SHA-256 of its token.
 */
export const openConnectLinksPerPrincipal = 3;

/**
 * The connect links of per-user sources, shared by every process that may receive a link's page or its waiter: the
 * file store of a home (`createFileConnectLinkStore`) or the PostgreSQL store (`@src/store-postgres`), one for every
 * replica. Each change is atomic: of two processes taking one link, exactly one gets it.
 */
export interface ConnectLinkStore {
  /**
   * Adds an `open` link (its `keepUntilMs` is its `expiresAtMs`), dropping the links whose keep-until passed at `nowMs`
   * and the open links of the same source and principal beyond the newest `openConnectLinksPerPrincipal` (this one
   * included). Taken and connected links are never dropped for it.
   */
  insert(link: { sha256: string; slug: string; principal: string; expiresAtMs: number }, nowMs: number): Promise<void>;
  /** The link of `sha256` in any state while the store keeps it. */
  get(sha256: string): Promise<StoredConnectLink | undefined>;
  /** Moves an `open` link unexpired at `nowMs` to `taken` and answers it; `undefined` when it is not (or another process took it first). */
  take(sha256: string, nowMs: number): Promise<StoredConnectLink | undefined>;
  /** Moves a `taken` link back to `open` if it is unexpired at `nowMs` (an attempt that stored nothing). */
  putBack(sha256: string, nowMs: number): Promise<void>;
  /** Moves a `taken` link to `connected`, kept until `keepUntilMs`. */
  markConnected(sha256: string, keepUntilMs: number): Promise<void>;
}
