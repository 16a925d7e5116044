import { readFile } from "node:fs/promises";
import { z } from "zod";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import { AgentTokenError } from "../errors/agent-token-error";

/** The name of the token file under `SRC_HOME`. */
export const agentTokenFileName = "agent-tokens.json";

/** One stored agent token: never the value, only its SHA-256 and a short prefix to recognise it by. */
export const storedAgentTokenSchema = z.strictObject({
  name: z.string(),
  /** The first characters of the value (`srca_` and 7 more), shown by `src token list`. */
  prefix: z.string(),
  /** SHA-256 of the value, hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The slugs the token may call, or `null` for every source. */
  sources: z.array(z.string()).nullable(),
  createdAt: z.iso.datetime(),
  /** When it stops working, or `null` for never. */
  expiresAt: z.iso.datetime().nullable(),
  /** A read-only token never writes (GET, HEAD and OPTIONS only), whatever a source allows. Absent: false. */
  readOnly: z.boolean().optional(),
  /** The token's own rate limit across every source it calls. Absent or `null`: none. */
  rateLimit: z.strictObject({ calls: z.number().int().min(1), perSeconds: z.number().int().min(1) }).nullable().optional(),
});

export type StoredAgentToken = z.infer<typeof storedAgentTokenSchema>;

export const agentTokenFileSchema = z.strictObject({
  version: z.literal(1),
  tokens: z.array(storedAgentTokenSchema),
});

export type AgentTokenFile = z.infer<typeof agentTokenFileSchema>;

/** Reads the token file; a missing file is an empty one. A file that does not parse throws `AGENT_TOKENS_DAMAGED` and is left as it is. */
export async function readAgentTokenFile(file: string): Promise<AgentTokenFile> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, tokens: [] };
    throw error;
  }
  const damaged = (problem: string, cause?: unknown): AgentTokenError =>
    new AgentTokenError({
      code: SERVER_ERROR_CODES.AGENT_TOKENS_DAMAGED,
      message: `the agent token file ${file} ${problem}; restore it from a backup, or delete it (every agent token stops working) and create the tokens again with \`src token create\``,
      cause,
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw damaged("is not JSON", error);
  }
  const result = agentTokenFileSchema.safeParse(parsed);
  if (!result.success) throw damaged(`does not have the expected shape (${result.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`).join("; ")})`, result.error);
  return result.data;
}
