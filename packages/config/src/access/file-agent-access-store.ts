import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { withFileLock, writeFileAtomic } from "@src/file-lock";
import { fileSignatureOf } from "../store/file-signature-cache";
import { after, pruned, readAccessFile, type AccessFile } from "./access-file";
import { AGENT_ACCESS_ERROR_CODES, AgentAccessError } from "./agent-access-error";
import type { AgentAccessStore, RedeemCodeOutcome, RotateRefreshOutcome } from "./agent-access-store-contract";

/** The file under `SRC_HOME` that holds the agent tokens, grants and OAuth state. */
export const agentAccessFileName = "agent-tokens.json";

/** Options of `createFileAgentAccessStore`. */
export interface FileAgentAccessStoreOptions {
  /** The `SRC_HOME` directory. */
  readonly home: string;
  /** How often at most the file's signature is checked for changes by other processes, in ms. Default 250. */
  readonly refreshIntervalMs?: number | undefined;
  /** Clock, for tests. Default `() => new Date()`. */
  readonly now?: (() => Date) | undefined;
}

/** The error of a change that could not take or keep the file's lock. */
function lockFailure(file: string, reason: "timeout" | "lost", cause: unknown): AgentAccessError {
  return new AgentAccessError({
    code: AGENT_ACCESS_ERROR_CODES.AGENT_TOKENS_LOCKED,
    message:
      reason === "timeout"
        ? `the agent token file ${file} is being written by another process that did not finish within 10 s; retry in a moment`
        : `lost the lock of ${file} to another process before the write finished; retry`,
    cause,
  });
}

/**
 * The agent access store of a file home: `$SRC_HOME/agent-tokens.json`
 * (mode 0600), every change read, applied and written back atomically under
 * the inter-process lock `agent-tokens.json.lock`, so the CLI and any number
 * of servers on the home can change it at once. Reads come from memory while
 * the file's signature is unchanged (checked at most every
 * `refreshIntervalMs`, and at once for a value not found). A file that does
 * not parse is reported (`AGENT_TOKENS_DAMAGED`) and never overwritten.
 */
export function createFileAgentAccessStore({ home, refreshIntervalMs = 250, now = () => new Date() }: FileAgentAccessStoreOptions): AgentAccessStore {
  const file = join(home, agentAccessFileName);
  let cached: { signature: string | undefined; value: AccessFile } | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  /** The file as it is now, from memory while its signature is unchanged. `force` checks the signature whatever the interval. */
  async function snapshot(force = false): Promise<AccessFile> {
    const at = Date.now();
    if (cached !== undefined && !force && at - checkedAt < refreshIntervalMs) return cached.value;
    checkedAt = at;
    if (cached !== undefined && fileSignatureOf(file) === cached.signature && cached.signature !== undefined) return cached.value;
    cached = await readAccessFile(file);
    return cached.value;
  }

  async function update<T>(change: (current: AccessFile, at: Date) => { next: AccessFile | undefined; result: T }): Promise<T> {
    await mkdir(home, { recursive: true, mode: 0o700 });
    return withFileLock(
      {
        lockFile: `${file}.lock`,
        target: file,
        timeoutMs: 10_000,
        staleMs: 10_000,
        failure: (reason, cause) => lockFailure(file, reason, cause),
      },
      async (lock) => {
        const at = now();
        const { next, result } = change((await readAccessFile(file)).value, at);
        if (next === undefined) return result;
        const written = pruned(next, at);
        lock.assertHeld();
        await writeFileAtomic(file, `${JSON.stringify(written, null, 2)}\n`);
        cached = { signature: fileSignatureOf(file), value: written };
        checkedAt = Date.now();
        return result;
      },
    );
  }

  /** Finds with the cached snapshot first, then once more after checking the file (something written a moment ago). */
  async function find<T>(pick: (file: AccessFile) => T | undefined): Promise<T | undefined> {
    return pick(await snapshot()) ?? pick(await snapshot(true));
  }

  const withoutToken = (current: AccessFile, id: string): AccessFile => ({ ...current, tokens: current.tokens.filter((token) => token.id !== id) });

  return {
    location: file,

    async listTokens() {
      return structuredClone((await snapshot(true)).tokens);
    },

    addToken(token) {
      return update((current) => {
        if (current.tokens.some((existing) => existing.name === token.name)) {
          throw new AgentAccessError({ code: AGENT_ACCESS_ERROR_CODES.DUPLICATE_AGENT_TOKEN, message: `an agent token named "${token.name}" exists already; revoke it first (src token revoke ${token.name}) or pick another name` });
        }
        return { next: { ...current, tokens: [...current.tokens, token] }, result: undefined };
      });
    },

    removeToken(name) {
      return update((current) => {
        const token = current.tokens.find((existing) => existing.name === name);
        return token === undefined ? { next: undefined, result: undefined } : { next: withoutToken(current, token.id), result: token };
      });
    },

    findStaticToken: (sha256) => find((current) => current.tokens.find((token) => token.sha256 === sha256)),

    markTokenUsed(id, at) {
      return update((current) => {
        if (!current.tokens.some((token) => token.id === id)) return { next: undefined, result: undefined };
        return { next: { ...current, tokens: current.tokens.map((token) => (token.id === id ? { ...token, lastUsedAt: at } : token)) }, result: undefined };
      });
    },

    findClient: (clientId) => find((current) => current.oauth.clients.find((client) => client.clientId === clientId)),

    addClient(client) {
      return update((current) => ({ next: { ...current, oauth: { ...current.oauth, clients: [...current.oauth.clients.filter((existing) => existing.clientId !== client.clientId), client] } }, result: undefined }));
    },

    putAuthorizationRequest(request) {
      return update((current) => ({ next: { ...current, oauth: { ...current.oauth, requests: [...current.oauth.requests.filter((existing) => existing.id !== request.id), request] } }, result: undefined }));
    },

    findAuthorizationRequest: (id, at) => find((current) => current.oauth.requests.find((request) => request.id === id && after(request.expiresAt, at))),

    takeAuthorizationRequest(id, at) {
      return update((current) => {
        const request = current.oauth.requests.find((existing) => existing.id === id && after(existing.expiresAt, at));
        if (request === undefined) return { next: undefined, result: undefined };
        return { next: { ...current, oauth: { ...current.oauth, requests: current.oauth.requests.filter((existing) => existing.id !== id) } }, result: request };
      });
    },

    addCode(code) {
      return update((current) => ({ next: { ...current, oauth: { ...current.oauth, codes: [...current.oauth.codes, code] } }, result: undefined }));
    },

    findCode: (sha256, at) => find((current) => current.oauth.codes.find((code) => code.sha256 === sha256 && after(code.expiresAt, at))),

    redeemCode(sha256, grant, at) {
      return update<RedeemCodeOutcome>((current) => {
        const code = current.oauth.codes.find((existing) => existing.sha256 === sha256 && after(existing.expiresAt, at));
        if (code === undefined) return { next: undefined, result: { outcome: "unknown" as const } };
        if (code.usedAt !== null) {
          const revoked = current.tokens.find((token) => token.id === code.tokenId);
          return { next: revoked === undefined ? undefined : withoutToken(current, revoked.id), result: { outcome: "replayed" as const, revoked } };
        }
        if (current.tokens.some((existing) => existing.name === grant.token.name)) {
          throw new AgentAccessError({ code: AGENT_ACCESS_ERROR_CODES.DUPLICATE_AGENT_TOKEN, message: `an agent token named "${grant.token.name}" exists already` });
        }
        const codes = current.oauth.codes.map((existing) => (existing.sha256 === sha256 ? { ...existing, usedAt: at.toISOString(), tokenId: grant.token.id } : existing));
        return {
          next: {
            ...current,
            tokens: [...current.tokens, grant.token],
            oauth: { ...current.oauth, codes, accessTokens: [...current.oauth.accessTokens, grant.accessToken], refreshTokens: [...current.oauth.refreshTokens, grant.refreshToken] },
          },
          result: { outcome: "redeemed" as const },
        };
      });
    },

    findAccessToken: (sha256) =>
      find((current) => {
        const accessToken = current.oauth.accessTokens.find((existing) => existing.sha256 === sha256);
        const token = accessToken === undefined ? undefined : current.tokens.find((existing) => existing.id === accessToken.tokenId);
        return accessToken === undefined || token === undefined ? undefined : { token, accessToken };
      }),

    findRefreshToken: (sha256) =>
      find((current) => {
        const refreshToken = current.oauth.refreshTokens.find((existing) => existing.sha256 === sha256);
        const token = refreshToken === undefined ? undefined : current.tokens.find((existing) => existing.id === refreshToken.tokenId);
        return refreshToken === undefined || token === undefined ? undefined : { token, refreshToken };
      }),

    rotateRefreshToken(sha256, next, at) {
      return update<RotateRefreshOutcome>((current) => {
        const refresh = current.oauth.refreshTokens.find((existing) => existing.sha256 === sha256);
        const token = refresh === undefined ? undefined : current.tokens.find((existing) => existing.id === refresh.tokenId);
        if (refresh === undefined || token === undefined || !after(refresh.expiresAt, at) || !after(token.expiresAt, at)) return { next: undefined, result: { outcome: "unknown" as const } };
        if (refresh.usedAt !== null) return { next: withoutToken(current, token.id), result: { outcome: "reused" as const, revoked: token } };
        const refreshTokens = current.oauth.refreshTokens.map((existing) => (existing.sha256 === sha256 ? { ...existing, usedAt: at.toISOString() } : existing));
        return {
          next: { ...current, oauth: { ...current.oauth, accessTokens: [...current.oauth.accessTokens, next.accessToken], refreshTokens: [...refreshTokens, next.refreshToken] } },
          result: { outcome: "rotated" as const, token },
        };
      });
    },

    revokeOAuthToken(sha256) {
      return update((current) => {
        if (current.oauth.accessTokens.some((token) => token.sha256 === sha256)) {
          return { next: { ...current, oauth: { ...current.oauth, accessTokens: current.oauth.accessTokens.filter((token) => token.sha256 !== sha256) } }, result: true };
        }
        const refresh = current.oauth.refreshTokens.find((token) => token.sha256 === sha256);
        if (refresh === undefined) return { next: undefined, result: false };
        return { next: withoutToken(current, refresh.tokenId), result: true };
      });
    },
  };
}
