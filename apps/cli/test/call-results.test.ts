import { createPagedApiHandler, sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunResult, recordingRunSrc } from "./helpers/run-src";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const secret = "call-results-secret-7d6c5b4a39";
let temp: TempHome;
let upstream: Upstream;
const outputs: RunResult[] = [];

const src = recordingRunSrc(outputs, () => ({ env: temp.env, cwd: temp.home }));

beforeAll(async () => {
  temp = await createTempHome();
  const paged = createPagedApiHandler();
  upstream = await startUpstream((request, response, recorded) => {
    if (recorded.headers.authorization !== `Bearer ${secret}`)
      return sendJson(response, 401, { message: "bad credentials" });
    if (recorded.path === "/me") return sendJson(response, 200, { login: "octo" });
    if (recorded.path === "/big")
      return sendJson(response, 200, {
        items: Array.from({ length: 600 }, (_, index) => ({ id: index, title: `item ${index} ${"x".repeat(80)}` })),
      });
    if (recorded.path === "/big.txt")
      return void response.writeHead(200, { "content-type": "text/plain" }).end("line of text\n".repeat(4000));
    return paged(request, response, recorded);
  });
  const added = await src(sourceAddArgs({ name: "Paged", baseUrl: upstream.url }, ...bearerFromStdin), secret);
  expect(added.code, added.stderr).toBe(0);
});

afterAll(async () => {
  for (const { stdout, stderr } of outputs) expect(stdout + stderr).not.toContain(secret);
  await upstream.close();
  await temp.cleanup();
});

describe("src call --select --paginate", () => {
  it("follows the pages and selects from each in one call", async () => {
    const before = upstream.requests.length;
    const result = await src([
      "call",
      "paged",
      "GET",
      "/cursor",
      "--select",
      "items[].{id: id, state: state}",
      "--paginate",
      "--max-pages",
      "2",
      "--json",
    ]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.pagination).toMatchObject({
      pages: 2,
      items: 8,
      more: true,
      next: { method: "GET", path: "/cursor", query: { cursor: "token-3" } },
    });
    expect(output.body.value).toHaveLength(8);
    expect(output.body.value[0]).toEqual({ id: "item_1", state: "open" });
    expect(upstream.requests.length - before).toBe(2);
  });

  it("prints the pages and what selected in the text output", async () => {
    const result = await src(["call", "paged", "GET", "/stripe", "--select", "data[].id", "--paginate"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("selected: data[].id");
    expect(result.stdout).toContain("pages: 3 fetched, 12 items, no more");
  });

  it("prints the src call that goes on from the next page, and running it fetches the rest", async () => {
    const first = await src([
      "call",
      "paged",
      "GET",
      "/cursor",
      "--select",
      "items[].id",
      "--paginate",
      "--max-pages",
      "2",
    ]);
    expect(first.code, first.stderr).toBe(0);
    const command = /go on with: (src call .+ --paginate)$/m.exec(first.stdout)?.[1];
    expect(command).toBe("src call paged GET /cursor -q cursor=token-3 --select 'items[].id' --paginate");
    // The words as a shell would split them (the one quoted word has no quote inside).
    const words = command!.match(/'[^']*'|\S+/g)!.map((word) => word.replace(/^'(.*)'$/, "$1"));
    const rest = await src([...words.slice(1), "--json"]);
    expect(rest.code, rest.stderr).toBe(0);
    const output = JSON.parse(rest.stdout);
    expect(output.pagination).toMatchObject({ pages: 1, more: false });
    expect(output.body.value).toEqual(["item_9", "item_10", "item_11", "item_12"]);
  });

  it("asks the policy about every page: with --rate-limit 2/1h the third page is refused and not fetched", async () => {
    const slug = `limited-${Math.random().toString(36).slice(2, 8)}`;
    const added = await src(
      sourceAddArgs({ name: slug, slug, baseUrl: upstream.url }, ...bearerFromStdin, "--rate-limit", "2/1h"),
      secret,
    );
    expect(added.code, added.stderr).toBe(0);
    const before = upstream.requests.length;
    const result = await src(["call", slug, "GET", "/link", "--paginate", "--max-pages", "5", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.pagination).toMatchObject({ pages: 2 });
    expect(output.note).toContain("page 3 answered RATE_LIMITED");
    expect(upstream.requests.slice(before).map((request) => request.searchParams.get("page") ?? "1")).toEqual([
      "1",
      "2",
    ]);
  });

  it("refuses a bad --select with exit code 2 and the position, sending nothing", async () => {
    const before = upstream.requests.length;
    const result = await src(["call", "paged", "GET", "/link", "--select", "[?"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--select: the expression ends too soon at character 3");
    expect(upstream.requests.length).toBe(before);
  });

  it("refuses --max-pages without --paginate, and one that is not a number", async () => {
    expect((await src(["call", "paged", "GET", "/link", "--max-pages", "2"])).stderr).toContain(
      "--max-pages and --max-items go with --paginate",
    );
    const bad = await src(["call", "paged", "GET", "/link", "--paginate", "--max-items", "many"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-items: must be a whole number of at least 1, not "many"');
  });
});

describe("src call: a cut body and a body note, in the CLI's words", () => {
  it("says how to narrow a cut body with --select or raise api.maxResultChars, not a resultRef the process takes with it; the command works", async () => {
    const cut = await src(["call", "paged", "GET", "/big"]);
    expect(cut.code, cut.stderr).toBe(0);
    expect(cut.stdout).toMatch(
      /\ntruncated: .+; narrow it with --select EXPR \(JMESPath, applied to the whole body before it is cut\), or raise the limit: src source edit paged --set maxResultChars=N\n?$/,
    );
    expect(cut.stdout).not.toContain("resultRef");
    const json = JSON.parse((await src(["--json", "call", "paged", "GET", "/big"])).stdout) as {
      truncated: { note: string };
    };
    expect(json.truncated.note).toContain("narrow it with --select EXPR");
    expect(json.truncated.note).not.toContain("is kept for");
    const text = await src(["call", "paged", "GET", "/big.txt"]);
    expect(text.stdout).toMatch(
      /\ntruncated: .+; to see more, raise the limit: src source edit paged --set maxResultChars=N\n?$/,
    );
    expect(text.stdout).not.toContain("resultRef");

    const raised = await src(["source", "edit", "paged", "--set", "maxResultChars=1000000"]);
    expect(raised.code, raised.stderr).toBe(0);
    const whole = await src(["call", "paged", "GET", "/big"]);
    expect(whole.stdout).not.toContain("truncated:");
    expect(await src(["source", "edit", "paged", "--set", "maxResultChars="])).toMatchObject({ code: 0 });
  });

  it("names --raw-body and --content-type where a body note names the tool's _rawBody and _contentType", async () => {
    const sent = await src(["call", "paged", "POST", "/me", "--body", JSON.stringify(JSON.stringify({ a: 1 }))]);
    expect(sent.stdout).toContain("to send a JSON string on purpose, use --raw-body with --content-type");
    expect(sent.stdout).not.toContain("_rawBody");
  });
});
