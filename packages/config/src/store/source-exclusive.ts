import { type HeldSourceLock, type SourceLockOptions, withSourceLock } from "./source-lock";

/** Runs a read-modify-write of one slug under its inter-process lock. */
export type RunExclusive = <T>(slug: string, task: (lock: HeldSourceLock) => Promise<T>) => Promise<T>;

/**
 * Runs each task under its slug's inter-process lock. Within this process the
 * tasks of one slug also queue, so they do not poll the lock against each other.
 */
export function createExclusiveRunner(
  lockFileOf: (slug: string) => string,
  lockOptions: SourceLockOptions,
): RunExclusive {
  const queues = new Map<string, Promise<unknown>>();
  return <T>(slug: string, task: (lock: HeldSourceLock) => Promise<T>): Promise<T> => {
    const locked = (): Promise<T> => withSourceLock({ slug, lockFile: lockFileOf(slug) }, lockOptions, task);
    const previous = queues.get(slug) ?? Promise.resolve();
    const next = previous.then(locked, locked);
    const settled = next.catch(() => undefined);
    queues.set(slug, settled);
    void settled.then(() => {
      if (queues.get(slug) === settled) queues.delete(slug);
    });
    return next;
  };
}
