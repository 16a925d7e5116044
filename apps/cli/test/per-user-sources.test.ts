import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binPath, runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// The operator's own key (principal "local") is the one the upstream accepts; bob's is another, sent only for bob.
const localKey = "per-user-cli-local-4c7e1a9b";
const bobKey = "per-user-cli-bob-8d2f6e3a";
let upstream: Upstream;
const homes: TempHome[] = [];
const serves: ChildProcess[] = [];

beforeAll(async () => {
  upstream = await startUpstream({ type: "bearer", token: localKey });
});
afterAll(async () => {
  await Promise.all(
    serves.map((serve) => {
      const closed = new Promise((resolve) => serve.once("close", resolve));
      serve.kill("SIGTERM");
      return closed;
    }),
  );
  await upstream.close();
  await Promise.all(homes.map((home) => home.cleanup()));
});

async function newHome(): Promise<TempHome> {
  const temp = await createTempHome();
  homes.push(temp);
  return temp;
}

const sentFor = (slug: string, since: number) =>
  upstream.requests
    .slice(since)
    .filter((request) => request.path.startsWith(`/${slug}/`))
    .map((request) => request.headers.authorization ?? "(none)");

function expectNoSecret(...runs: RunResult[]): void {
  for (const run of runs)
    for (const secret of [localKey, bobKey]) expect(`${run.stdout}\n${run.stderr}`).not.toContain(secret);
}

/** A bearer source whose credentials are each person's own. */
const perUserBearer = ["--auth", "bearer", "--credentials", "per-user"];

describe("src and per-user sources, through the built CLI", () => {
  it("adds a per-user source without a credential, answers NOT_CONNECTED until the operator's own is set, and lists and removes connections", async () => {
    const temp = await newHome();
    const slug = `gh-${randomBytes(3).toString("hex")}`;
    const run = (args: string[], stdin?: string) =>
      runSrc(args, { env: temp.env, ...(stdin === undefined ? {} : { stdin }) });
    const added = await run(sourceAddArgs({ name: "GH", slug, baseUrl: `${upstream.url}/${slug}` }, ...perUserBearer));
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    const config = JSON.parse(await readFile(join(temp.home, "sources", slug, "config.json"), "utf8")) as {
      api: { credentials?: string };
    };
    expect(config.api.credentials).toBe("per-user");

    // The local operator has no credential of their own yet: nothing is sent.
    const before = upstream.requests.length;
    const notConnected = await run(["call", slug, "GET", "/repos"]);
    expect(notConnected.code).toBe(1);
    expect(notConnected.stderr).toContain("NOT_CONNECTED");
    expect(notConnected.stderr).toContain(`src credential set ${slug} --principal local`);
    expect(sentFor(slug, before)).toEqual([]);

    // Shared and per-user never mix: no principal for a per-user source is refused before anything is read or stored.
    const noPrincipal = await run(["credential", "set", slug, "--credential-stdin"], localKey);
    expect(noPrincipal.code).toBe(2);
    expect(noPrincipal.stderr).toContain("--principal");

    const setLocal = await run(["credential", "set", slug, "--principal", "local", "--credential-stdin"], localKey);
    expect(setLocal.stderr).toBe("");
    expect(setLocal.code).toBe(0);
    const setBob = await run(["credential", "set", slug, "--principal", "token:bob", "--credential-stdin"], bobKey);
    expect(setBob.code).toBe(0);
    const connected = await run(["call", slug, "GET", "/repos"]);
    expect(connected.code).toBe(0);
    // Only the operator's own credential went out, never bob's.
    expect(sentFor(slug, before)).toEqual([`Bearer ${localKey}`]);

    const listed = await run(["connections", "list", "--json"]);
    expect(listed.code).toBe(0);
    expect(
      (JSON.parse(listed.stdout) as { connections: { slug: string; principal: string }[] }).connections.map(
        ({ slug: s, principal }) => `${s} ${principal}`,
      ),
    ).toEqual([`${slug} local`, `${slug} token:bob`]);
    const table = await run(["connections", "list", "--principal", "token:bob"]);
    expect(table.stdout).toMatch(new RegExp(`^SOURCE\\s+PRINCIPAL\\s+UPDATED\\n${slug}\\s+token:bob\\s+\\d{4}-`));
    expect((await run(["connections", "list", "--source", slug, "--principal", "idp:nobody"])).stdout).toContain(
      "No connections.",
    );

    const removed = await run(["connections", "remove", slug, "--principal", "local"]);
    expect(removed.stdout).toContain(`Removed the connection of local to "${slug}".`);
    const again = await run(["connections", "remove", slug, "--principal", "local", "--json"]);
    expect(JSON.parse(again.stdout)).toEqual({ slug, principal: "local", deleted: false });
    const noFlag = await run(["connections", "remove", slug]);
    expect(noFlag.code).toBe(2);
    expect(noFlag.stderr).toContain("--principal P");
    const afterRemove = await run(["call", slug, "GET", "/repos"]);
    expect(afterRemove.stderr).toContain("NOT_CONNECTED");
    expect(sentFor(slug, before)).toHaveLength(1);

    // The audit lines name the principal; the home holds no credential in clear.
    const audit = (await readFile(join(temp.home, "logs", "calls.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { principal?: string; errorCode: string | null });
    expect(audit.map((line) => `${line.principal} ${line.errorCode}`)).toEqual([
      "local NOT_CONNECTED",
      "local null",
      "local NOT_CONNECTED",
    ]);
    const vault = await readFile(join(temp.home, "vault.json"), "utf8");
    for (const secret of [localKey, bobKey, "token:bob"]) expect(vault).not.toContain(secret);
    expectNoSecret(added, notConnected, setLocal, setBob, connected, listed, table, removed, afterRemove);
  });

  it("reload and test of a per-user source without the operator's own credential skip the test and leave its status", async () => {
    const temp = await newHome();
    const slug = `rl-${randomBytes(3).toString("hex")}`;
    const run = (args: string[]) => runSrc(args, { env: temp.env });
    expect(
      (await run(sourceAddArgs({ name: "RL", slug, baseUrl: `${upstream.url}/${slug}` }, ...perUserBearer))).code,
    ).toBe(0);
    const before = upstream.requests.length;
    for (const command of ["reload", "test"]) {
      const checked = await run(["source", command, slug]);
      expect(checked.code, checked.stderr).toBe(0);
      expect(checked.stdout).toContain(`${slug}: not tested (skipped)`);
      expect(checked.stdout).toContain(
        `Each person connects their own credential, and the operator (local) has none to test with; to test the source, store yours: src credential set ${slug} --principal local`,
      );
      const json = JSON.parse((await run(["--json", "source", command, slug])).stdout) as {
        source: { status: { connectionStatus: string } };
        validation: unknown;
      };
      expect(json.validation).toBeNull();
      expect(json.source.status.connectionStatus).not.toBe("failed");
    }
    expect(sentFor(slug, before)).toEqual([]);
    const tools = await run(["tools", "-v"]);
    expect(tools.stdout).not.toContain("Status: failed");
  });

  it("token revoke removes the connections of the token's principal (text and --json), and no one else's", async () => {
    const temp = await newHome();
    const slug = `rv-${randomBytes(3).toString("hex")}`;
    const run = (args: string[], stdin?: string) =>
      runSrc(args, { env: temp.env, ...(stdin === undefined ? {} : { stdin }) });
    expect(
      (await run(sourceAddArgs({ name: "RV", slug, baseUrl: `${upstream.url}/${slug}` }, ...perUserBearer))).code,
    ).toBe(0);
    for (const name of ["bob", "carol"]) expect((await run(["token", "create", name])).code).toBe(0);
    for (const principal of ["token:bob", "token:carol"])
      expect(
        (await run(["credential", "set", slug, "--principal", principal, "--credential-stdin"], bobKey)).code,
      ).toBe(0);

    const revoked = await run(["token", "revoke", "bob"]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toBe(`Revoked agent token "bob", and removed its person's connections to ${slug}.\n`);
    const revokedJson = await run(["--json", "token", "revoke", "carol"]);
    expect(JSON.parse(revokedJson.stdout)).toEqual({ name: "carol", revoked: true, connectionsRemoved: [slug] });
    expect(JSON.parse((await run(["--json", "connections", "list"])).stdout)).toEqual({ connections: [] });
    expect((await run(["token", "create", "dave"])).code).toBe(0);
    expect((await run(["token", "revoke", "dave"])).stdout).toBe('Revoked agent token "dave".\n');
  });

  it("refuses --principal for a shared source and a --credentials value it does not know, and switches a source with source edit", async () => {
    const temp = await newHome();
    const slug = `plain-${randomBytes(3).toString("hex")}`;
    const run = (args: string[], stdin?: string) =>
      runSrc(args, { env: temp.env, ...(stdin === undefined ? {} : { stdin }) });
    expect(
      (
        await run(
          sourceAddArgs({ name: "Plain", slug, baseUrl: `${upstream.url}/${slug}` }, ...bearerFromStdin),
          localKey,
        )
      ).code,
    ).toBe(0);
    const refused = await run(["credential", "set", slug, "--principal", "idp:alice", "--credential-stdin"], bobKey);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('source "' + slug + '" shares one credential');
    expect((await run(["connections", "list", "--json"])).stdout).toContain('"connections": []');
    const bogus = await run(["source", "edit", slug, "--credentials", "everyone"]);
    expect(bogus.code).toBe(2);
    expect(bogus.stderr).toContain('--credentials: must be "shared" or "per-user"');
    const badAdd = await run(
      sourceAddArgs({ name: "X", baseUrl: upstream.url }, "--auth", "bearer", "--credentials", "mine"),
    );
    expect(badAdd.code).toBe(2);
    // Made per-user, the source's shared credential is never sent again.
    expect((await run(["source", "edit", slug, "--credentials", "per-user"])).code).toBe(0);
    const before = upstream.requests.length;
    const call = await run(["call", slug, "GET", "/repos"]);
    expect(call.stderr).toContain("NOT_CONNECTED");
    expect(sentFor(slug, before)).toEqual([]);

    // Moved to another address, its Next step is one that works for a per-user source, and it does.
    const moved = await run(["source", "edit", slug, "--base-url", `${upstream.url}/${slug}/v2`]);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain("each person connects again (their agent's next call gives them a link)");
    const next = /^Next: src (.+)$/m.exec(moved.stdout)?.[1];
    expect(next).toBe(`credential set ${slug} --principal local`);
    const followed = await run([...next!.split(" "), "--credential-stdin"], localKey);
    expect(followed.code, followed.stderr).toBe(0);
  });

  it("refuses a --principal that is no principal, exit 2 naming the flag and the forms, and writes nothing", async () => {
    const temp = await newHome();
    const slug = `pf-${randomBytes(3).toString("hex")}`;
    const run = (args: string[], stdin?: string) =>
      runSrc(args, { env: temp.env, ...(stdin === undefined ? {} : { stdin }) });
    expect(
      (await run(sourceAddArgs({ name: "PF", slug, baseUrl: `${upstream.url}/${slug}` }, ...perUserBearer))).code,
    ).toBe(0);
    expect(
      (await run(["credential", "set", slug, "--principal", "token:bob", "--credential-stdin"], bobKey)).code,
    ).toBe(0);
    const before = await temp.files();
    const refusals: RunResult[] = [];
    for (const principal of [
      "bob",
      "Token:bob",
      "token:",
      "token:bob smith",
      "idp:",
      " idp:alice",
      "idp:alice\nlocal",
    ]) {
      const set = await run(["credential", "set", slug, "--principal", principal, "--credential-stdin"], bobKey);
      expect(set.stderr).toContain(
        `--principal: ${JSON.stringify(principal)} is not a principal; write local, token:NAME`,
      );
      expect(set.stderr).toContain("idp:SUB");
      expect(set.stderr).toContain("nothing was stored");
      const removed = await run(["connections", "remove", slug, "--principal", principal]);
      expect(removed.stderr).toContain("is not a principal");
      expect(removed.stderr).toContain("nothing was removed");
      const listed = await run(["connections", "list", "--principal", principal]);
      expect(listed.stderr).toContain("is not a principal");
      refusals.push(set, removed, listed);
    }
    expect(refusals.map((refusal) => refusal.code)).toEqual(refusals.map(() => 2));
    expect(refusals.map((refusal) => refusal.stdout)).toEqual(refusals.map(() => ""));
    const json = await run(["--json", "credential", "set", slug, "--principal", "bob", "--credential-stdin"], bobKey);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toEqual({
      error: { code: "INVALID_INPUT", message: expect.stringContaining('--principal: "bob" is not a principal') },
    });
    expect(await temp.files()).toEqual(before);
    // Every form a principal has is taken.
    for (const principal of [
      "local",
      "token:bob",
      "grant:claude-ai-3f9a1c",
      "idp:auth0|64f0c2a9e1",
      "idp:alice@example.com",
    ])
      expect((await run(["connections", "list", "--principal", principal])).code, principal).toBe(0);
    expectNoSecret(...refusals, json);
  });

  it("does the same against src serve with --server: connections list, credential set --principal, connections remove", async () => {
    const temp = await newHome();
    const adminToken = `admin-${randomBytes(12).toString("hex")}`;
    const serve = spawn(process.execPath, [binPath, "serve", "--port", "0", "--json"], {
      env: { PATH: process.env.PATH, ...temp.env, SRC_SERVER_TOKEN: adminToken },
      stdio: ["ignore", "pipe", "pipe"],
    });
    serves.push(serve);
    const serverUrl = await new Promise<string>((resolve, reject) => {
      let stdout = "";
      serve.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        const match = /"url":\s*"([^"]+)"/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      serve.once("close", () => reject(new Error("src serve ended before listening")));
    });
    // No SRC_HOME, no vault key: only the server has them.
    const remote = (args: string[], stdin?: string) =>
      runSrc(args, {
        env: { SRC_SERVER: serverUrl, SRC_SERVER_TOKEN: adminToken },
        ...(stdin === undefined ? {} : { stdin }),
      });
    const slug = `remote-${randomBytes(3).toString("hex")}`;
    const added = await remote(
      sourceAddArgs({ name: "Remote", slug, baseUrl: `${upstream.url}/${slug}` }, ...perUserBearer),
    );
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    expect(
      (await remote(["credential", "set", slug, "--principal", "token:bob", "--credential-stdin"], bobKey)).code,
    ).toBe(0);
    const listed = await remote(["connections", "list", "--source", slug, "--json"]);
    expect(
      (JSON.parse(listed.stdout) as { connections: { principal: string }[] }).connections.map(
        (connection) => connection.principal,
      ),
    ).toEqual(["token:bob"]);
    // The admin token is the operator ("local"): not bob, so nothing is sent; and no connect link, whose holder
    // would become the operator: the operator's own is stored with --principal local.
    const before = upstream.requests.length;
    const call = await remote(["call", slug, "GET", "/repos"]);
    expect(call.code).toBe(1);
    expect(call.stderr).toContain("NOT_CONNECTED");
    expect(call.stderr).not.toContain("#/connect/");
    expect(call.stderr).toContain(`src credential set ${slug} --principal local`);
    expect(sentFor(slug, before)).toEqual([]);
    // A malformed principal is refused before anything reaches the server.
    const malformed = await remote(["credential", "set", slug, "--principal", "bob", "--credential-stdin"], bobKey);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toContain('--principal: "bob" is not a principal');
    expect((await remote(["connections", "remove", slug, "--principal", "bob"])).code).toBe(2);
    expect((await remote(["connections", "remove", slug, "--principal", "token:bob"])).stdout).toContain(
      "Removed the connection of token:bob",
    );
    expect(JSON.parse((await remote(["connections", "list", "--json"])).stdout)).toEqual({ connections: [] });

    // Revoking a token on the server removes its principal's connections there too.
    expect((await remote(["token", "create", "erin"])).code).toBe(0);
    expect(
      (await remote(["credential", "set", slug, "--principal", "token:erin", "--credential-stdin"], bobKey)).code,
    ).toBe(0);
    expect(JSON.parse((await remote(["--json", "token", "revoke", "erin"])).stdout)).toEqual({
      name: "erin",
      revoked: true,
      connectionsRemoved: [slug],
    });
    expect(JSON.parse((await remote(["connections", "list", "--json"])).stdout)).toEqual({ connections: [] });
    expectNoSecret(added, listed, call);
  });
});
