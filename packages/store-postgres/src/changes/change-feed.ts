import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";

/** The channel the triggers of the schema notify on. */
export const changeChannel = "src_changes";

/** One change announced by the database, after its transaction committed. */
export interface StoreChange {
  readonly table: "src_sources" | "src_credentials" | "src_agent_tokens";
  readonly slug: string;
  readonly generation: number;
}

/** What subscribers hear: a change, or `undefined` when anything may have changed (a lost listener, a missed notification). */
export type ChangeListener = (change: StoreChange | undefined) => void;

/** Options of `startChangeFeed`. */
export interface ChangeFeedOptions {
  /** How often the generation counter is read to catch notifications a dropped listener missed, in ms. Default 5000. */
  readonly checkIntervalMs?: number | undefined;
}

/** The change feed of one process: LISTEN on `src_changes`, with a periodic check of the generation counter. */
export interface ChangeFeed {
  subscribe(listener: ChangeListener): () => void;
  /** Reads the generation counter now; announces `undefined` when changes were missed. Rejects when the database cannot be reached. */
  check(): Promise<void>;
  /** Sends a notification to itself and waits for it: whether the listener works end to end within `timeoutMs`. */
  probe(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

const defaultCheckIntervalMs = 5000;

function parseChange(payload: string): StoreChange | { probe: string } | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.probe === "string") return { probe: value.probe };
    const { table, slug, generation } = value;
    if (
      (table === "src_sources" || table === "src_credentials" || table === "src_agent_tokens") &&
      typeof slug === "string" &&
      typeof generation === "number"
    )
      return { table, slug, generation };
  } catch {
    // Not ours: ignored, the periodic check covers anything missed.
  }
  return undefined;
}

/**
 * Starts listening. Every replica hears every committed change within
 * milliseconds; a listener connection that dropped is re-established by the
 * client (its `onlisten` then announces `undefined`, since notifications sent
 * meanwhile are lost), and the periodic check of `src_store_state.generation`
 * catches anything else missed.
 */
export async function startChangeFeed(sql: Sql, options: ChangeFeedOptions = {}): Promise<ChangeFeed> {
  const listeners = new Set<ChangeListener>();
  const probes = new Map<string, () => void>();
  const emit = (change: StoreChange | undefined): void => {
    for (const listener of listeners) listener(change);
  };
  const readGeneration = async (): Promise<number> => {
    const [row] = await sql<{ generation: string }[]>`select generation from src_store_state`;
    return Number(row?.generation ?? 0);
  };
  let seenGeneration = await readGeneration();
  let listens = 0;
  const subscription = await sql.listen(
    changeChannel,
    (payload) => {
      const parsed = parseChange(payload);
      if (parsed === undefined) return;
      if ("probe" in parsed) {
        probes.get(parsed.probe)?.();
        return;
      }
      seenGeneration = Math.max(seenGeneration, parsed.generation);
      emit(parsed);
    },
    () => {
      listens += 1;
      // A reconnected listener missed whatever was sent while it was away.
      if (listens > 1) emit(undefined);
    },
  );

  const check = async (): Promise<void> => {
    const generation = await readGeneration();
    if (generation > seenGeneration) {
      seenGeneration = generation;
      emit(undefined);
    }
  };
  const timer = setInterval(
    () => void check().catch(() => undefined),
    options.checkIntervalMs ?? defaultCheckIntervalMs,
  );
  timer.unref();

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    check,
    async probe(timeoutMs) {
      const id = randomUUID();
      let timeout: NodeJS.Timeout | undefined;
      const heard = new Promise<boolean>((resolve) => {
        probes.set(id, () => resolve(true));
        timeout = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        await sql`select pg_notify(${changeChannel}, ${JSON.stringify({ probe: id })})`;
        return await heard;
      } catch {
        return false;
      } finally {
        clearTimeout(timeout);
        probes.delete(id);
      }
    },
    async close() {
      clearInterval(timer);
      listeners.clear();
      await subscription.unlisten().catch(() => undefined);
    },
  };
}
