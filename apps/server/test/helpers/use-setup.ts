import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/** Waits for `started`, keeps it to be stopped with `stop` when the setup ends, and resolves with it. */
export type Keep = <Value>(started: Value | Promise<Value>, stop: (value: Value) => unknown) => Promise<Value>;

/** Starts what the tests need, keeping each part with `keep` as soon as it is started; resolves with those parts. */
export type StartSetup<Setup extends object> = (keep: Keep) => Promise<Setup>;

/**
 * Registers the hooks of a file's shared setup: `start` runs once before the file's tests, and after them each part it
 * kept is stopped, the last started first (also when a later part failed to start). The returned object holds what
 * `start` resolved with: read it in a test or a hook. A file's own `afterAll` (a final secret scan), registered after
 * this call, runs before the parts are stopped.
 */
export function useFileSetup<Setup extends object>(start: StartSetup<Setup>, timeout = 60_000): Setup {
  return useSetup(beforeAll, afterAll, start, timeout);
}

/** As `useFileSetup`, but a new setup for each test, stopped after it: each test runs alone, in any order, and again. */
export function useTestSetup<Setup extends object>(start: StartSetup<Setup>, timeout = 60_000): Setup {
  return useSetup(beforeEach, afterEach, start, timeout);
}

function useSetup<Setup extends object>(
  before: (hook: () => Promise<void>, timeout: number) => void,
  after: (hook: () => Promise<void>, timeout: number) => void,
  start: StartSetup<Setup>,
  timeout: number,
): Setup {
  const setup = {} as Setup;
  const stops: (() => unknown)[] = [];
  before(async () => {
    const keep: Keep = async (started, stop) => {
      const value = await started;
      stops.push(() => stop(value));
      return value;
    };
    Object.assign(setup, await start(keep));
  }, timeout);
  after(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  }, timeout);
  return setup;
}
