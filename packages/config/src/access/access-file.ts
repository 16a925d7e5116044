import { readFile } from "node:fs/promises";
import { z } from "zod";
import { fileSignatureOf } from "../store/file-signature-cache";
import {
  legacyAgentTokenIdOf,
  storedAccessTokenSchema,
  storedAgentTokenSchema,
  storedAuthorizationCodeSchema,
  storedAuthorizationRequestSchema,
  storedOAuthClientSchema,
  storedRefreshTokenSchema,
  usedRefreshTokenRetentionMs,
  type StoredAgentToken,
} from "./access-records";
import { AGENT_ACCESS_ERROR_CODES, AgentAccessError } from "./agent-access-error";

/** Version 1: static tokens only, written before grants existed. Read, and written as version 2 on the next change. */
const legacyFileSchema = z.strictObject({
  version: z.literal(1),
  tokens: z.array(
    z.strictObject({
      name: z.string(),
      prefix: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      sources: z.array(z.string()).nullable(),
      createdAt: z.iso.datetime(),
      expiresAt: z.iso.datetime().nullable(),
      readOnly: z.boolean().optional(),
      rateLimit: z
        .strictObject({ calls: z.number().int().min(1), perSeconds: z.number().int().min(1) })
        .nullable()
        .optional(),
    }),
  ),
});

const accessFileSchema = z.strictObject({
  version: z.literal(2),
  tokens: z.array(storedAgentTokenSchema),
  oauth: z.strictObject({
    clients: z.array(storedOAuthClientSchema),
    requests: z.array(storedAuthorizationRequestSchema),
    codes: z.array(storedAuthorizationCodeSchema),
    accessTokens: z.array(storedAccessTokenSchema),
    refreshTokens: z.array(storedRefreshTokenSchema),
  }),
});
/** The content of `agent-tokens.json`, version 2. */
export type AccessFile = z.infer<typeof accessFileSchema>;

export const emptyAccessFile = (): AccessFile => ({
  version: 2,
  tokens: [],
  oauth: { clients: [], requests: [], codes: [], accessTokens: [], refreshTokens: [] },
});

/** Whether `iso` (`null`: never) is after `now`. */
export const after = (iso: string | null, now: Date): boolean => iso === null || Date.parse(iso) > now.getTime();

/** Drops what can no longer be used: expired requests, codes and access tokens, and tokens of grants that ended. */
export function pruned(file: AccessFile, now: Date): AccessFile {
  const ids = new Set(file.tokens.map((token) => token.id));
  const keepUsedUntil = now.getTime() - usedRefreshTokenRetentionMs;
  return {
    ...file,
    oauth: {
      clients: file.oauth.clients,
      requests: file.oauth.requests.filter((request) => after(request.expiresAt, now)),
      codes: file.oauth.codes.filter((code) => after(code.expiresAt, now)),
      accessTokens: file.oauth.accessTokens.filter((token) => ids.has(token.tokenId) && after(token.expiresAt, now)),
      refreshTokens: file.oauth.refreshTokens.filter(
        (token) =>
          ids.has(token.tokenId) &&
          after(token.expiresAt, now) &&
          (token.usedAt === null || Date.parse(token.usedAt) > keepUsedUntil),
      ),
    },
  };
}

/** The error of a file that cannot be read as the access file. */
const damaged = (file: string, problem: string, cause?: unknown): AgentAccessError =>
  new AgentAccessError({
    code: AGENT_ACCESS_ERROR_CODES.AGENT_TOKENS_DAMAGED,
    message: `the agent token file ${file} ${problem}; restore it from a backup, or delete it (every agent token and hosted agent's sign-in stops working) and create the tokens again with \`src token create\``,
    cause,
  });

/** Reads the access file (a version 1 file as version 2), with its signature; a missing file is empty. */
export async function readAccessFile(file: string): Promise<{ signature: string | undefined; value: AccessFile }> {
  const signature = fileSignatureOf(file);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { signature: undefined, value: emptyAccessFile() };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw damaged(file, "is not JSON", error);
  }
  const current = accessFileSchema.safeParse(parsed);
  if (current.success) return { signature, value: current.data };
  const legacy = legacyFileSchema.safeParse(parsed);
  if (legacy.success) {
    const tokens: StoredAgentToken[] = legacy.data.tokens.map((token) => ({
      id: legacyAgentTokenIdOf(token.sha256),
      name: token.name,
      prefix: token.prefix,
      sha256: token.sha256,
      sources: token.sources,
      readOnly: token.readOnly === true,
      rateLimit: token.rateLimit ?? null,
      createdAt: token.createdAt,
      expiresAt: token.expiresAt,
    }));
    return { signature, value: { ...emptyAccessFile(), tokens } };
  }
  throw damaged(
    file,
    `does not have the expected shape (${current.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`).join("; ")})`,
    current.error,
  );
}
