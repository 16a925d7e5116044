import type * as ServerModule from "@src/server";
import { UnavailableError } from "../errors/unavailable-error";

/** `@src/server`, loaded on first use so that other commands start without it. */
export async function loadServerModule(): Promise<typeof ServerModule> {
  try {
    return await import("@src/server");
  } catch (error) {
    throw new UnavailableError({
      module: "@src/server",
      hint: "build the workspace (npx -y pnpm@10 build) or reinstall @src/cli",
      cause: error,
    });
  }
}
