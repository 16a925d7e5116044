import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestHome } from "./helpers/test-home";
import { bearerConfig, startTestServer } from "./helpers/test-server";
import { useServerPerFile } from "./helpers/use-server-per-test";

const setup = useServerPerFile({ upstreamToken: "caller-words-token-1e2f" });

beforeAll(async () => {
  const { upstream, server } = setup;
  // No credential: calls answer NO_CREDENTIAL.
  expect(
    (await server.api("POST", "/v1/sources", { body: { config: bearerConfig("bare", upstream.url) } })).status,
  ).toBe(201);
  expect(
    (
      await server.api("POST", "/v1/sources", {
        body: { config: bearerConfig("off", upstream.url, { enabled: false }) },
      })
    ).status,
  ).toBe(201);
});

/** A CLI command (`src credential set`...) or a path on the server's machine. */
const cliOrServerPath = (text: string): RegExp[] =>
  [
    /`src /,
    /\bsrc (source|credential|tools|vault)\b/,
    new RegExp(setup.testHome.home.replaceAll("/", "\\/")),
    /config\.json/,
  ].filter((pattern) => pattern.test(text));

describe("server messages are in the caller's words: no CLI command, no file path of the server's machine", () => {
  it.each([
    ["an unknown source", "GET", "/v1/sources/nosuch", undefined],
    ["an unknown tool", "POST", "/v1/tools/api_nosuch/call", { method: "GET", path: "/me" }],
    ["a call without a credential", "POST", "/v1/tools/api_bare/call", { method: "GET", path: "/me" }],
    ["a call to a disabled source", "POST", "/v1/tools/api_off/call", { method: "GET", path: "/me" }],
    ["a source reload without a credential", "POST", "/v1/sources/bare/reload", undefined],
  ])("%s", async (_why, method, path, body) => {
    const answer = await setup.server.api(method, path, body === undefined ? {} : { body });
    expect(answer.text.length).toBeGreaterThan(0);
    expect(cliOrServerPath(answer.text)).toEqual([]);
  });
});

describe("a vault the server cannot open is the operator's business", () => {
  it("answers the code without the vault's path or a CLI command", async () => {
    const damagedHome = await createTestHome();
    await writeFile(join(damagedHome.home, "vault.json"), "not a vault", { mode: 0o600 });
    const damagedServer = await startTestServer(damagedHome);
    try {
      const answer = await damagedServer.api("POST", "/v1/sources", {
        body: { config: bearerConfig("vaulted", setup.upstream.url), credential: { token: "vaulted-token-9a8b" } },
      });
      expect(answer.status).toBe(500);
      expect(answer.json).toMatchObject({ error: { code: "DAMAGED" } });
      expect(answer.text).toContain("the server's stored state cannot be used (DAMAGED)");
      expect(
        [/`src /, /\bsrc vault\b/, new RegExp(damagedHome.home.replaceAll("/", "\\/")), /vault\.json/].filter(
          (pattern) => pattern.test(answer.text),
        ),
      ).toEqual([]);
    } finally {
      await damagedServer.server.close();
      await damagedHome.cleanup();
    }
  });
});
