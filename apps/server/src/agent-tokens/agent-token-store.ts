import { randomBytes } from "node:crypto";
import {
  RATE_LIMIT_TEXT_HINT,
  createFileAgentAccessStore,
  parseRateLimitText,
  sha256Of,
  type AgentAccessStore,
  type RateLimit,
  type SourceStore,
  type StoredAgentToken,
} from "@src/config";
import { agentTokenNamePattern } from "@src/service";
import { AgentTokenError } from "../errors/agent-token-error";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { parseTokenLifetime } from "./parse-token-lifetime";
import { callerOfToken } from "./agent-token-index";

/** What `create` returns: the only time the value is ever shown. */
export interface CreatedAgentToken {
  name: string;
  /** The token value. Shown once; only its SHA-256 is stored. */
  token: string;
  /** The slugs it may call, or `null` for every source. */
  sources: string[] | null;
  /** ISO time it stops working, or `null` for never. */
  expiresAt: string | null;
  /** Whether it may only read (GET, HEAD, OPTIONS). */
  readOnly: boolean;
  /** Its own rate limit, or `null`. */
  rateLimit: RateLimit | null;
}

/** What `list` shows of a token: never its value. */
export interface AgentTokenSummary {
  name: string;
  /** The value's first characters, to recognise it by. */
  prefix: string;
  sources: string[] | null;
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  readOnly: boolean;
  /** Sources it may only read (a grant's per-source choice); empty when none. */
  readOnlySources: string[];
  rateLimit: RateLimit | null;
  /** The hosted agent's client a grant was given to (`src serve`'s OAuth sign-in); `null` for a token made by `src token create`. */
  client: { id: string; name: string } | null;
  /** When it last reached the server, or `null` for never. */
  lastUsedAt: string | null;
}

/** Input of `create`: the same fields as `src token create NAME [--sources a,b] [--expires 30d]` and `POST /v1/tokens`. */
export interface CreateAgentTokenInput {
  name: string;
  /** Slugs; omitted or `null`: every source. */
  sources?: readonly string[] | null;
  /** A lifetime such as `30d`, `12h`, `90m`, `2w`; omitted or `null`: never expires. */
  expires?: string | null;
  /** Only GET, HEAD and OPTIONS, whatever a source allows (`--read-only`). Default false. */
  readOnly?: boolean | null;
  /** Its own rate limit across every source, written `N/DURATION` (`--rate-limit 60/1m`). Default: none. */
  rateLimit?: string | null;
}

/** Agent tokens stored hashed in the agent access store (`$SRC_HOME/agent-tokens.json`, or the PostgreSQL store), shared by `src token` and the server's `/v1/tokens`. */
export interface AgentTokenStore {
  /** Where the tokens are: the token file's path, or the database without its password. */
  readonly file: string;
  create(input: CreateAgentTokenInput): Promise<CreatedAgentToken>;
  list(): Promise<AgentTokenSummary[]>;
  /**
   * Removes the token (a grant with its access and refresh tokens); it answers 401 from then on. Answers the principal
   * it acted for (`token:NAME`, `grant:NAME`), whose per-user connections `revokeAgentToken` ends too. Throws
   * `AGENT_TOKEN_NOT_FOUND` for an unknown name.
   */
  revoke(name: string): Promise<{ principal: string }>;
}

/** The prefix every agent token value starts with. */
export const agentTokenValuePrefix = "srca_";
const shownPrefixLength = agentTokenValuePrefix.length + 7;
const slugPattern = /^[a-z0-9][a-z0-9-]{0,62}$/;

export { sha256Of };

const invalid = (message: string): AgentTokenError =>
  new AgentTokenError({ code: SERVER_ERROR_CODES.INVALID_AGENT_TOKEN_REQUEST, message });

function checkName(name: string): string {
  if (!agentTokenNamePattern.test(name))
    throw invalid(
      `token name ${JSON.stringify(name)}: use 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
  return name;
}

function checkSources(sources: readonly string[] | null | undefined): string[] | null {
  if (sources === undefined || sources === null) return null;
  const slugs = [...new Set(sources.map((slug) => slug.trim()))];
  if (slugs.length === 0)
    throw invalid("sources: give at least one source slug, or leave sources out for every source");
  for (const slug of slugs) {
    if (!slugPattern.test(slug))
      throw invalid(`sources: ${JSON.stringify(slug)} is not a source slug (lower-case letters, digits and "-")`);
  }
  return slugs.sort();
}

function rateLimitOf(text: string | null | undefined): RateLimit | null {
  if (text === undefined || text === null) return null;
  const limit = parseRateLimitText(text);
  if (limit === undefined) throw invalid(`rateLimit ${JSON.stringify(text)}: ${RATE_LIMIT_TEXT_HINT}`);
  return limit;
}

function expiryOf(expires: string | null | undefined, now: number): string | null {
  if (expires === undefined || expires === null) return null;
  const lifetime = parseTokenLifetime(expires);
  if (lifetime === undefined)
    throw invalid(
      `expires ${JSON.stringify(expires)}: write a whole number and a unit, m (minutes), h (hours), d (days) or w (weeks), e.g. 30d, at most ten years`,
    );
  return new Date(now + lifetime).toISOString();
}

/** At most this many configured slugs are named in the refusal of an unknown one. */
const namedSlugsAtMost = 20;

/** Refuses slugs that name no configured source: such a token could call nothing, and would gain a source added later under that slug. */
function checkSourcesExist(sources: readonly string[], configured: readonly string[]): void {
  const known = new Set(configured);
  const unknown = sources.filter((slug) => !known.has(slug));
  if (unknown.length === 0) return;
  const named = unknown.map((slug) => JSON.stringify(slug)).join(", ");
  const listed = [...known].sort();
  const configuredText =
    listed.length === 0
      ? "no source is configured yet"
      : `the configured sources are ${listed.slice(0, namedSlugsAtMost).join(", ")}${listed.length > namedSlugsAtMost ? ` and ${listed.length - namedSlugsAtMost} more` : ""}`;
  throw invalid(
    `sources: ${unknown.length === 1 ? `there is no source ${named}` : `there are no sources ${named}`}; ${configuredText}. ` +
      "Check the slugs with `src source list`, or add the source first (`src source add`), then create the token",
  );
}

/** `sourceSlugs` of a source store: the slug of every source it holds, read afresh at each call. */
export const slugsOfSourceStore = (store: Pick<SourceStore, "list">) => async (): Promise<string[]> =>
  (await store.list()).map((entry) => entry.slug);

/** Options of `createAgentTokenStore`: the store (default: the file store of `home`). */
export interface AgentTokenStoreOptions {
  /** The `SRC_HOME` directory, for the file store. */
  home?: string;
  /** The agent access store; default the file store of `home`. */
  access?: AgentAccessStore;
  /**
   * The slugs of the configured sources (every one, enabled or not, broken or not). When given, `create` refuses
   * `sources` naming another slug (`INVALID_AGENT_TOKEN_REQUEST`) before anything is written.
   */
  sourceSlugs?: () => Promise<readonly string[]>;
  /** Clock, for tests. Default `Date.now`. */
  now?: () => number;
}

/** A token's summary, as `list` shows it. */
export function summaryOf(token: StoredAgentToken, at: number): AgentTokenSummary {
  return {
    name: token.name,
    prefix: token.prefix ?? "",
    sources: token.sources,
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
    expired: token.expiresAt !== null && Date.parse(token.expiresAt) <= at,
    readOnly: token.readOnly,
    readOnlySources: token.readOnlySources ?? [],
    rateLimit: token.rateLimit,
    client: token.client ?? null,
    lastUsedAt: token.lastUsedAt ?? null,
  };
}

/**
 * The agent token commands over an agent access store: values are made here
 * and shown once; the store keeps their SHA-256 only.
 */
export function createAgentTokenStore({
  home,
  access,
  sourceSlugs,
  now = Date.now,
}: AgentTokenStoreOptions): AgentTokenStore {
  const store = access ?? createFileAgentAccessStore({ home: home ?? "." });
  return {
    file: store.location,

    async create(input) {
      const name = checkName(input.name);
      const sources = checkSources(input.sources);
      const createdAt = now();
      const expiresAt = expiryOf(input.expires, createdAt);
      const readOnly = input.readOnly === true;
      const rateLimit = rateLimitOf(input.rateLimit);
      if (sources !== null && sourceSlugs !== undefined) checkSourcesExist(sources, await sourceSlugs());
      const token = `${agentTokenValuePrefix}${randomBytes(32).toString("base64url")}`;
      const stored: StoredAgentToken = {
        id: randomBytes(16).toString("hex"),
        name,
        prefix: token.slice(0, shownPrefixLength),
        sha256: sha256Of(token),
        sources,
        readOnly,
        rateLimit,
        createdAt: new Date(createdAt).toISOString(),
        expiresAt,
      };
      await store.addToken(stored);
      return { name, token, sources, expiresAt, readOnly, rateLimit };
    },

    async list() {
      const at = now();
      return (await store.listTokens()).map((token) => summaryOf(token, at));
    },

    async revoke(name) {
      const removed = await store.removeToken(name);
      if (removed === undefined)
        throw new AgentTokenError({
          code: SERVER_ERROR_CODES.AGENT_TOKEN_NOT_FOUND,
          message: `no agent token is named ${JSON.stringify(name)}; \`src token list\` shows the names`,
        });
      return { principal: callerOfToken(removed).principal };
    },
  };
}
