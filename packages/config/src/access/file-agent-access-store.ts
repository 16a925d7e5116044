import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { withFileLock, writeFileAtomic } from "@src/file-lock";
import { fileSignatureOf } from "../store/file-signature-cache";
import { after, pruned, readAccessFile, type AccessFile } from "./access-file";
import {
  addTokenChange,
  redeemCodeChange,
  revokeOAuthTokenChange,
  rotateRefreshTokenChange,
  takeAuthorizationRequestChange,
  withoutToken,
} from "./access-file-changes";
import { AGENT_ACCESS_ERROR_CODES, AgentAccessError } from "./agent-access-error";
import type { AgentAccessStore } from "./agent-access-store-contract";

/** The file under `SRC_HOME` that holds the agent tokens, grants and OAuth state. */
export const agentAccessFileName = "agent-tokens.json";

/** Options of `createFileAgentAccessStore`. */
export interface FileAgentAccessStoreOptions {
  /** The `SRC_HOME` directory. */
  readonly home: string;
  /**
   * How long a read may be served from memory without checking the file's signature (one `stat`) for changes by
   * other processes, in ms. Default 0: every read checks, so a token revoked by `src token revoke` in another process
   * is refused on the very next call.
   */
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

/** The OAuth token of `issued` with this SHA-256 and the agent token (grant) it was issued under; undefined when either is gone. */
function findIssued<Issued extends { sha256: string; tokenId: string }>(
  tokens: AccessFile["tokens"],
  issued: readonly Issued[],
  sha256: string,
): { token: AccessFile["tokens"][number]; issued: Issued } | undefined {
  const found = issued.find((existing) => existing.sha256 === sha256);
  const token = found === undefined ? undefined : tokens.find((existing) => existing.id === found.tokenId);
  return found === undefined || token === undefined ? undefined : { token, issued: found };
}

/**
 * The agent access store of a file home: `$SRC_HOME/agent-tokens.json`
 * (mode 0600), every change read, applied and written back atomically under
 * the inter-process lock `agent-tokens.json.lock`, so the CLI and any number
 * of servers on the home can change it at once. Reads come from memory while
 * the file's signature is unchanged (checked on every read by default; at
 * most every `refreshIntervalMs` if given, and at once for a value not found). A file that does
 * not parse is reported (`AGENT_TOKENS_DAMAGED`) and never overwritten.
 */
export function createFileAgentAccessStore({
  home,
  refreshIntervalMs = 0,
  now = () => new Date(),
}: FileAgentAccessStoreOptions): AgentAccessStore {
  const file = join(home, agentAccessFileName);
  let cached: { signature: string | undefined; value: AccessFile } | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;

  /** The file as it is now, from memory while its signature is unchanged. `force` checks the signature whatever the interval. */
  async function snapshot(force = false): Promise<AccessFile> {
    const at = Date.now();
    if (cached !== undefined && !force && at - checkedAt < refreshIntervalMs) return cached.value;
    checkedAt = at;
    if (cached !== undefined && fileSignatureOf(file) === cached.signature && cached.signature !== undefined)
      return cached.value;
    try {
      cached = await readAccessFile(file);
    } catch (error) {
      // Not the content from before the damage: every read fails until the file is readable.
      cached = undefined;
      throw error;
    }
    return cached.value;
  }

  async function update<T>(
    change: (current: AccessFile, at: Date) => { next: AccessFile | undefined; result: T },
  ): Promise<T> {
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

  /** A change of the OAuth state alone: `change` gives the lists it replaces. */
  function updateOAuth(change: (oauth: AccessFile["oauth"]) => Partial<AccessFile["oauth"]>): Promise<void> {
    return update((current) => ({
      next: { ...current, oauth: { ...current.oauth, ...change(current.oauth) } },
      result: undefined,
    }));
  }

  /** Finds with the cached snapshot first, then once more after checking the file (something written a moment ago). */
  async function find<T>(pick: (file: AccessFile) => T | undefined): Promise<T | undefined> {
    return pick(await snapshot()) ?? pick(await snapshot(true));
  }

  return {
    location: file,

    async listTokens() {
      return structuredClone((await snapshot(true)).tokens);
    },

    addToken: (token) => update(addTokenChange(token)),

    removeToken(name) {
      return update((current) => {
        const token = current.tokens.find((existing) => existing.name === name);
        return token === undefined
          ? { next: undefined, result: undefined }
          : { next: withoutToken(current, token.id), result: token };
      });
    },

    findStaticToken: (sha256) => find((current) => current.tokens.find((token) => token.sha256 === sha256)),

    markTokenUsed(id, at) {
      return update((current) => {
        if (!current.tokens.some((token) => token.id === id)) return { next: undefined, result: undefined };
        return {
          next: {
            ...current,
            tokens: current.tokens.map((token) => (token.id === id ? { ...token, lastUsedAt: at } : token)),
          },
          result: undefined,
        };
      });
    },

    findClient: (clientId) => find((current) => current.oauth.clients.find((client) => client.clientId === clientId)),

    addClient: (client) =>
      updateOAuth((oauth) => ({
        clients: [...oauth.clients.filter((existing) => existing.clientId !== client.clientId), client],
      })),

    putAuthorizationRequest: (request) =>
      updateOAuth((oauth) => ({
        requests: [...oauth.requests.filter((existing) => existing.id !== request.id), request],
      })),

    findAuthorizationRequest: (id, at) =>
      find((current) => current.oauth.requests.find((request) => request.id === id && after(request.expiresAt, at))),

    takeAuthorizationRequest: (id, at) => update(takeAuthorizationRequestChange(id, at)),

    addCode: (code) => updateOAuth((oauth) => ({ codes: [...oauth.codes, code] })),

    findCode: (sha256, at) =>
      find((current) => current.oauth.codes.find((code) => code.sha256 === sha256 && after(code.expiresAt, at))),

    redeemCode: (sha256, grant, at) => update(redeemCodeChange(sha256, grant, at)),

    findAccessToken: (sha256) =>
      find((current) => {
        const found = findIssued(current.tokens, current.oauth.accessTokens, sha256);
        return found && { token: found.token, accessToken: found.issued };
      }),

    findRefreshToken: (sha256) =>
      find((current) => {
        const found = findIssued(current.tokens, current.oauth.refreshTokens, sha256);
        return found && { token: found.token, refreshToken: found.issued };
      }),

    rotateRefreshToken: (sha256, next, at) => update(rotateRefreshTokenChange(sha256, next, at)),

    revokeOAuthToken: (sha256) => update(revokeOAuthTokenChange(sha256)),
  };
}
