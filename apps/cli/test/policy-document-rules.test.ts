import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSrc, type RunResult } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

// `operation:` and `tag:` rules of api.policy are checked against the source's OpenAPI document where the operator
// writes them: a rule that names none of its operations or tags (a typo in a deny rule would refuse nothing) is
// refused with the closest ones, and nothing is written or sent. A document that changes later only records it.

const token = "tok-policy-document-rules-4b7e";

const documentOf = (url: string, { withDelete = true } = {}) => ({
  openapi: "3.0.3",
  info: { title: "Repos API", version: "1.0.0" },
  servers: [{ url }],
  paths: {
    "/me": { get: { operationId: "users/get-me", tags: ["users"], responses: { "200": { description: "ok" } } } },
    "/repos/{owner}/{repo}": {
      parameters: [
        { name: "owner", in: "path", required: true, schema: { type: "string" } },
        { name: "repo", in: "path", required: true, schema: { type: "string" } },
      ],
      get: { operationId: "repos/get", tags: ["repos"], responses: { "200": { description: "ok" } } },
      ...(withDelete
        ? {
            delete: {
              operationId: "repos/delete",
              tags: ["repos", "admin"],
              responses: { "200": { description: "ok" } },
            },
          }
        : {}),
    },
  },
});

let upstream: Upstream;
const homes: TempHome[] = [];

beforeAll(async () => {
  upstream = await startUpstream((_request, response, recorded) => {
    const ok = recorded.headers.authorization === `Bearer ${token}`;
    response.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify({ ok }));
  });
});
afterAll(async () => {
  await upstream.close();
  await Promise.all(homes.map((home) => home.cleanup()));
});

/** A home with `openapi.json` (the document) in it. */
async function freshHome(): Promise<TempHome> {
  const temp = await createTempHome();
  homes.push(temp);
  await writeFile(join(temp.home, "openapi.json"), JSON.stringify(documentOf(upstream.url)));
  return temp;
}

/** Runs src in `temp` and says which requests reached the upstream meanwhile. */
async function src(temp: TempHome, args: string[], stdin?: string): Promise<RunResult & { sent: string[] }> {
  const before = upstream.requests.length;
  const run = await runSrc(args, { env: temp.env, stdin, cwd: temp.home });
  return { ...run, sent: upstream.requests.slice(before).map((request) => `${request.method} ${request.path}`) };
}

const addArgs = (...flags: string[]): string[] =>
  sourceAddArgs(
    { name: "OA", slug: "oa", baseUrl: upstream.url },
    ...bearerFromStdin,
    "--openapi",
    "openapi.json",
    ...flags,
  );

const configOf = (temp: TempHome): Promise<string> => readFile(join(temp.home, "sources", "oa", "config.json"), "utf8");

describe("operation: and tag: rules that name nothing in the source's OpenAPI document", { timeout: 60_000 }, () => {
  it("src source add --deny operation:repos/delet: exit 2 naming the field, the rule and the operation meant; nothing written, nothing sent", async () => {
    const temp = await freshHome();
    const added = await src(temp, addArgs("--deny", "operation:repos/delet"), token);
    expect(added.code).toBe(2);
    expect(added.stderr).toContain(
      `api.policy.deny.0: "operation:repos/delet" names no operation of the source's OpenAPI document (3 operations), so it refuses nothing; did you mean "operation:repos/delete"?`,
    );
    expect(added.sent).toEqual([]);
    expect((await temp.files()).filter((file) => file.path.includes("sources"))).toEqual([]);
  });

  it("src source edit --allow tag:admn / --deny operation:nothing-like-it: exit 2, config.json unchanged; a right rule is enforced", async () => {
    const temp = await freshHome();
    const added = await src(temp, addArgs("--no-test"), token);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    const before = await configOf(temp);

    const tag = await src(temp, ["source", "edit", "oa", "--allow", "tag:admn"]);
    expect(tag.code).toBe(2);
    expect(tag.stderr).toContain(
      `api.policy.allow.0: "tag:admn" names no tag of an operation of the source's OpenAPI document (3 operations), so it allows nothing; did you mean "tag:admin"?`,
    );
    // Allow rules match operationIds and tags in their letter case, as calls are matched.
    const upper = await src(temp, ["source", "edit", "oa", "--allow", "operation:Users/Get-Me"]);
    expect(upper.code).toBe(2);
    expect(upper.stderr).toContain('so it allows nothing; did you mean "operation:users/get-me"?');
    const far = await src(temp, ["source", "edit", "oa", "--allow", "", "--deny", "operation:nothing-like-it"]);
    expect(far.code).toBe(2);
    expect(far.stderr).toContain(
      'api.policy.deny.0: "operation:nothing-like-it" names no operation of the source\'s OpenAPI document (3 operations), so it refuses nothing; write an operationId of the document (`src operations oa` lists them)',
    );
    expect(await configOf(temp)).toBe(before);
    expect([...tag.sent, ...upper.sent, ...far.sent]).toEqual([]);

    // Deny rules match in any letter case, as calls are matched: accepted, and enforced.
    const edited = await src(temp, ["source", "edit", "oa", "--deny", "operation:Repos/Delete", "--deny", "tag:admin"]);
    expect(edited.stderr).toBe("");
    expect(edited.code).toBe(0);
    const denied = await src(temp, ["call", "oa", "DELETE", "/repos/a/b"]);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toContain('rule "operation:Repos/Delete" in deny');
    expect(denied.sent).toEqual([]);
    const read = await src(temp, ["call", "oa", "GET", "/repos/a/b"]);
    expect(read.code).toBe(0);
    expect(read.sent).toEqual(["GET /repos/a/b"]);
  });

  it("a document that no longer has the operation: the source keeps working, status.openapi and src policy say the rule names nothing", async () => {
    const temp = await freshHome();
    expect((await src(temp, addArgs("--no-test", "--deny", "operation:repos/delete"), token)).code).toBe(0);
    const copy = join(temp.home, "sources", "oa", JSON.parse(await configOf(temp)).api.openapi as string);
    await writeFile(copy, JSON.stringify(documentOf(upstream.url, { withDelete: false })));

    const reloaded = await src(temp, ["source", "reload", "oa", "--json"]);
    expect(reloaded.code).toBe(0);
    expect(JSON.parse(reloaded.stdout).source.status.openapi.rulesNamingNothing).toEqual([
      {
        path: "api.policy.deny.0",
        rule: "operation:repos/delete",
        message: expect.stringContaining('"operation:repos/delete" names no operation') as unknown,
      },
    ]);
    const text = await src(temp, ["source", "reload", "oa"]);
    expect(text.stderr).toContain(
      `warning: api.policy.deny.0: "operation:repos/delete" names no operation of the source's OpenAPI document (2 operations), so it refuses nothing`,
    );
    const policy = await src(temp, ["policy", "oa"]);
    expect(policy.code).toBe(0);
    expect(policy.stdout).toContain('Names nothing: api.policy.deny.0: "operation:repos/delete" names no operation');
    const json = await src(temp, ["policy", "oa", "--json"]);
    expect(JSON.parse(json.stdout).rulesNamingNothing).toMatchObject([
      { path: "api.policy.deny.0", rule: "operation:repos/delete" },
    ]);
    const read = await src(temp, ["call", "oa", "GET", "/repos/a/b"]);
    expect(read.code).toBe(0);
    expect(read.sent).toEqual(["GET /repos/a/b"]);

    // Fixed by hand in config.json: src policy reads the policy as it is now.
    const config = JSON.parse(await configOf(temp));
    config.api.policy.deny = ["operation:repos/get"];
    await writeFile(join(temp.home, "sources", "oa", "config.json"), JSON.stringify(config, null, 2));
    const fixed = await src(temp, ["policy", "oa", "--json"]);
    expect(JSON.parse(fixed.stdout).rulesNamingNothing).toEqual([]);
  });
});
