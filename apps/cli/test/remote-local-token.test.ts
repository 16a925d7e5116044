import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { startServe } from "./helpers/start-serve";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { startUpstream as startRecorder } from "@src/http-tool/testing";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// Remote mode on the server's own machine: with SRC_SERVER naming a loopback server of the same SRC_HOME and no
// SRC_SERVER_TOKEN, the CLI reads the token from $SRC_HOME/server.token, where the server wrote it. It is never sent
// to a server that did not record itself in that home.

const upstreamToken = "local-token-upstream-9a3e5c1f7d";
let temp: TempHome;
let api: Upstream;

const exists = (file: string): Promise<boolean> =>
  access(file).then(
    () => true,
    () => false,
  );

beforeEach(async () => {
  temp = await createTempHome();
  api = await startUpstream({ type: "bearer", token: upstreamToken });
  const added = await runSrc(sourceAddArgs({ name: "Local", baseUrl: api.url }, ...bearerFromStdin), {
    env: temp.env,
    stdin: upstreamToken,
  });
  expect(added.code, added.stderr).toBe(0);
});
afterEach(async () => {
  await api.close();
  await temp.cleanup();
});

describe("remote mode on the server's machine finds the local server's token", { timeout: 60_000 }, () => {
  it("with the same SRC_HOME and no SRC_SERVER_TOKEN, source list and source test run against the server (127.0.0.1 or localhost)", async () => {
    const served = await startServe(temp.env);
    const port = new URL(served.url).port;
    try {
      expect(await exists(join(temp.home, "servers", `${port}.json`))).toBe(true);
      for (const url of [served.url, `http://localhost:${port}`]) {
        const listed = await runSrc(["--json", "source", "list"], { env: { ...temp.env, SRC_SERVER: url } });
        expect(listed.code, listed.stderr).toBe(0);
        expect((JSON.parse(listed.stdout) as { slug: string }[]).map((entry) => entry.slug)).toEqual(["local"]);
      }
      const tested = await runSrc(["source", "test", "local"], { env: { ...temp.env, SRC_SERVER: served.url } });
      expect(tested.code, tested.stderr).toBe(0);
      expect(tested.stdout).toContain("local: connected");
    } finally {
      await served.stop();
    }
    // Stopped: its record is gone, so nothing would be sent to whatever listens on that port next.
    expect(await exists(join(temp.home, "servers", `${port}.json`))).toBe(false);
  });

  it("from another SRC_HOME, which has no record of that server: no token, UNAUTHORIZED, and the hint says where the token comes from", async () => {
    const served = await startServe(temp.env);
    const other = await createTempHome();
    try {
      const result = await runSrc(["source", "list"], { env: { ...other.env, SRC_SERVER: served.url } });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("set SRC_SERVER_TOKEN to the admin token of the server");
      expect(result.stderr).toContain("$SRC_HOME/server.token when SRC_HOME is the server's");
    } finally {
      await served.stop();
      await other.cleanup();
    }
  });

  it("a token file is sent only where a running server of the home recorded its port", async () => {
    const recorder = await startRecorder(
      (_request, response) =>
        void response
          .writeHead(401, { "content-type": "application/json" })
          .end('{"error":{"code":"UNAUTHORIZED","message":"no"}}'),
    );
    const fileToken = "file-token-0123456789abcdef0123456789";
    try {
      await writeFile(join(temp.home, "server.token"), `${fileToken}\n`, { mode: 0o600 });
      const port = new URL(recorder.url).port;
      const env = { ...temp.env, SRC_SERVER: recorder.url };
      // No record for that port: no token is sent.
      await runSrc(["source", "list"], { env });
      // A record whose process is gone: no token either.
      await mkdir(join(temp.home, "servers"), { recursive: true });
      await writeFile(
        join(temp.home, "servers", `${port}.json`),
        JSON.stringify({ url: recorder.url, pid: 2 ** 22 + 17 }),
      );
      await runSrc(["source", "list"], { env });
      expect(recorder.requests.length).toBe(2);
      expect(recorder.requests.every((request) => request.headers.authorization === undefined)).toBe(true);
      // A record of a running process (this test's) for that port: the token goes there.
      await writeFile(
        join(temp.home, "servers", `${port}.json`),
        JSON.stringify({ url: recorder.url, pid: process.pid }),
      );
      await runSrc(["source", "list"], { env });
      expect(recorder.requests.at(-1)?.headers.authorization).toBe(`Bearer ${fileToken}`);
      // SRC_SERVER_TOKEN always wins.
      await runSrc(["source", "list"], { env: { ...env, SRC_SERVER_TOKEN: "explicit-token-abcdef0123456789" } });
      expect(recorder.requests.at(-1)?.headers.authorization).toBe("Bearer explicit-token-abcdef0123456789");
      expect(await readFile(join(temp.home, "server.token"), "utf8")).toBe(`${fileToken}\n`);
    } finally {
      await recorder.close();
    }
  });
});
