import { describe, expect, it } from "vitest";
import { SourceBusyError } from "./errors/source-busy-error";
import { ServerError } from "./errors/server-error";
import { createSourceCallLimiter } from "./source-call-limiter";

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("createSourceCallLimiter", () => {
  it("runs at most maxConcurrent per source, queues maxQueued in order, refuses the rest", async () => {
    const limiter = createSourceCallLimiter({ maxConcurrent: 2, maxQueued: 1, retryAfterSeconds: 3 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      limiter.run("a", async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.pending()).toBe(3);

    const refused = await limiter.run("a", async () => "never").catch((error: unknown) => error);
    expect(SourceBusyError.isInstance(refused)).toBe(true);
    expect(ServerError.isInstance(refused) && refused.code).toBe("SOURCE_BUSY");
    expect((refused as SourceBusyError).retryAfterSeconds).toBe(3);
    expect((refused as Error).message).toContain('source "a" is busy');

    expect(await limiter.run("b", async () => "other source")).toBe("other source");

    gates[0]!.resolve();
    expect(await runs[0]).toBe(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.pending()).toBe(0);
  });

  it("releases the slot when a task fails", async () => {
    const limiter = createSourceCallLimiter({ maxConcurrent: 1, maxQueued: 0, retryAfterSeconds: 1 });
    await expect(limiter.run("a", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run("a", async () => "ok")).toBe("ok");
  });

  it("drain resolves true once idle, false on time-out", async () => {
    const limiter = createSourceCallLimiter({ maxConcurrent: 1, maxQueued: 0, retryAfterSeconds: 1 });
    expect(await limiter.drain(10)).toBe(true);
    const gate = deferred();
    const run = limiter.run("a", () => gate.promise);
    expect(await limiter.drain(20)).toBe(false);
    const drained = limiter.drain(10_000);
    gate.resolve();
    await run;
    expect(await drained).toBe(true);
  });
});
