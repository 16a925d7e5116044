import { expect } from "vitest";
import type { ToolResult } from "../src/result/tool-result";
import type { AuthMode } from "./auth-modes";
import { leaksIn } from "./auth-modes";
import { runCall } from "./run-call";

/**
 * For the tests against a raw wire server (`startWire`): `call` runs one call of `mode` on `${origin()}/v1` (a GET,
 * or a POST with a small JSON body; 1.5 s timeout, no retry unless `extra` says), and `expectNoLeak` checks that no
 * form of the credential is in a result. `origin` is read at each call, as the server starts in `beforeAll`.
 */
export function wireCalls(
  origin: () => string,
  mode: AuthMode,
): {
  call: (path: string, extra?: Parameters<typeof runCall>[3], method?: "GET" | "POST") => Promise<ToolResult>;
  expectNoLeak: (result: ToolResult, auth?: AuthMode) => void;
} {
  return {
    call: async (path, extra = {}, method = "GET") =>
      (
        await runCall(
          `${origin()}/v1`,
          mode,
          { method, path, ...(method === "POST" ? { body: { a: 1 } } : {}) },
          { limits: { timeoutMs: 1500, retries: 0 }, ...extra },
        )
      ).result,
    expectNoLeak: (result, auth = mode) => {
      expect(leaksIn(JSON.stringify(result), auth)).toEqual([]);
    },
  };
}
