import type { ServerHono } from "../app-context";
import { SERVER_ERROR_CODES } from "../errors/server-error";
import type { ConsoleAssets } from "./console-assets";
import { consoleSecurityHeaders } from "./console-security-headers";

/**
 * Serves the operator console at `/` (and its hashed files under `/assets/`)
 * without the admin token: the page holds no data, it signs in with the token
 * and sends it as `Authorization: Bearer` on every API call. Registered after
 * the Host and Origin checks and before the token check.
 */
export function registerConsoleRoutes(app: ServerHono, assets: ConsoleAssets | undefined): void {
  const serve = (path: string): Response => {
    const asset = assets?.get(path);
    if (asset === undefined) {
      const message =
        assets === undefined
          ? "the console is not built into this server; build it with npx -y pnpm@10 build, or use the HTTP API (GET /openapi.json)"
          : `no console file ${path}; open / to load the console`;
      return Response.json(
        { error: { code: SERVER_ERROR_CODES.NOT_FOUND, message } },
        { status: 404, headers: consoleSecurityHeaders },
      );
    }
    return new Response(asset.body, {
      status: 200,
      headers: {
        ...consoleSecurityHeaders,
        "content-type": asset.contentType,
        "cache-control": asset.immutable ? "public, max-age=31536000, immutable" : "no-store",
      },
    });
  };
  app.get("/", () => serve("/"));
  app.get("/assets/*", (c) => serve(c.req.path));
}
