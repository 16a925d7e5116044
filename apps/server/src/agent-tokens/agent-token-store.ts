import { createHash, randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { withFileLock, writeFileAtomic } from "@src/file-lock";
import { AgentTokenError } from "../errors/agent-token-error";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { agentTokenFileName, readAgentTokenFile, type AgentTokenFile, type StoredAgentToken } from "./agent-token-file";
import { parseTokenLifetime } from "./parse-token-lifetime";
import { RATE_LIMIT_TEXT_HINT, parseRateLimitText, type RateLimit } from "@src/config";

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
  rateLimit: RateLimit | null;
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

/** Agent tokens stored hashed in `$SRC_HOME/agent-tokens.json`, shared by `src token` and the server's `/v1/tokens`. */
export interface AgentTokenStore {
  /** The token file's path. */
  readonly file: string;
  create(input: CreateAgentTokenInput): Promise<CreatedAgentToken>;
  list(): Promise<AgentTokenSummary[]>;
  /** Removes the token; it answers 401 from then on. Throws `AGENT_TOKEN_NOT_FOUND` for an unknown name. */
  revoke(name: string): Promise<void>;
}

/** The prefix every agent token value starts with. */
export const agentTokenValuePrefix = "srca_";
const shownPrefixLength = agentTokenValuePrefix.length + 7;
const namePattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const slugPattern = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** SHA-256 hex of a token value: what the file stores and what the server looks a presented token up by. */
export const sha256Of = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex");

const invalid = (message: string): AgentTokenError => new AgentTokenError({ code: SERVER_ERROR_CODES.INVALID_AGENT_TOKEN_REQUEST, message });

function checkName(name: string): string {
  if (!namePattern.test(name)) throw invalid(`token name ${JSON.stringify(name)}: use 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit`);
  return name;
}

function checkSources(sources: readonly string[] | null | undefined): string[] | null {
  if (sources === undefined || sources === null) return null;
  const slugs = [...new Set(sources.map((slug) => slug.trim()))];
  if (slugs.length === 0) throw invalid("sources: give at least one source slug, or leave sources out for every source");
  for (const slug of slugs) {
    if (!slugPattern.test(slug)) throw invalid(`sources: ${JSON.stringify(slug)} is not a source slug (lower-case letters, digits and "-")`);
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
  if (lifetime === undefined) throw invalid(`expires ${JSON.stringify(expires)}: write a whole number and a unit, m (minutes), h (hours), d (days) or w (weeks), e.g. 30d, at most ten years`);
  return new Date(now + lifetime).toISOString();
}

/** Options of `createAgentTokenStore`. */
export interface AgentTokenStoreOptions {
  /** The `SRC_HOME` directory. */
  home: string;
  /** Clock, for tests. Default `Date.now`. */
  now?: () => number;
}

/**
 * The agent token store. Every change reads the file, changes it and writes it
 * back atomically while holding the inter-process lock `agent-tokens.json.lock`,
 * so the CLI and a running server can change tokens at the same time. A file
 * that does not parse is reported and never overwritten.
 */
export function createAgentTokenStore({ home, now = Date.now }: AgentTokenStoreOptions): AgentTokenStore {
  const file = join(home, agentTokenFileName);

  async function update<T>(change: (current: AgentTokenFile) => { next: AgentTokenFile; result: T }): Promise<T> {
    await mkdir(home, { recursive: true, mode: 0o700 });
    return withFileLock(
      {
        lockFile: `${file}.lock`,
        target: file,
        timeoutMs: 10_000,
        staleMs: 10_000,
        failure: (reason, cause) =>
          new AgentTokenError({
            code: SERVER_ERROR_CODES.AGENT_TOKENS_LOCKED,
            message:
              reason === "timeout"
                ? `the agent token file ${file} is being written by another process that did not finish within 10 s; retry in a moment`
                : `lost the lock of ${file} to another process before the write finished; retry`,
            cause,
          }),
      },
      async (lock) => {
        const { next, result } = change(await readAgentTokenFile(file));
        lock.assertHeld();
        await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
        return result;
      },
    );
  }

  return {
    file,

    create(input) {
      const name = checkName(input.name);
      const sources = checkSources(input.sources);
      const createdAt = now();
      const expiresAt = expiryOf(input.expires, createdAt);
      const readOnly = input.readOnly === true;
      const rateLimit = rateLimitOf(input.rateLimit);
      const token = `${agentTokenValuePrefix}${randomBytes(32).toString("base64url")}`;
      const stored: StoredAgentToken = {
        name,
        prefix: token.slice(0, shownPrefixLength),
        sha256: sha256Of(token),
        sources,
        createdAt: new Date(createdAt).toISOString(),
        expiresAt,
        ...(readOnly ? { readOnly } : {}),
        ...(rateLimit === null ? {} : { rateLimit }),
      };
      return update((current) => {
        if (current.tokens.some((existing) => existing.name === name)) {
          throw new AgentTokenError({ code: SERVER_ERROR_CODES.DUPLICATE_AGENT_TOKEN, message: `an agent token named "${name}" exists already; revoke it first (src token revoke ${name}) or pick another name` });
        }
        return { next: { version: 1, tokens: [...current.tokens, stored] }, result: { name, token, sources, expiresAt, readOnly, rateLimit } };
      });
    },

    async list() {
      const { tokens } = await readAgentTokenFile(file);
      const at = now();
      return tokens.map(({ name, prefix, sources, createdAt, expiresAt, readOnly, rateLimit }) => ({
        name,
        prefix,
        sources,
        createdAt,
        expiresAt,
        expired: expiresAt !== null && Date.parse(expiresAt) <= at,
        readOnly: readOnly === true,
        rateLimit: rateLimit ?? null,
      }));
    },

    revoke(name) {
      return update((current) => {
        if (!current.tokens.some((existing) => existing.name === name)) {
          throw new AgentTokenError({ code: SERVER_ERROR_CODES.AGENT_TOKEN_NOT_FOUND, message: `no agent token is named ${JSON.stringify(name)}; \`src token list\` shows the names` });
        }
        return { next: { version: 1, tokens: current.tokens.filter((existing) => existing.name !== name) }, result: undefined };
      });
    },
  };
}
