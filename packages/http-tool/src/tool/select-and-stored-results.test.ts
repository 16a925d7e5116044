import { createPagedApiHandler, sendJson, startUpstream, type Upstream } from "@src/http-tool/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toMcpCallToolResult } from "../adapters/mcp";
import { createResultStore } from "../stored-results/result-store";
import { storedResultRefusal } from "../stored-results/stored-result-refusal";
import { createSourceRecordFixture } from "../testing/source-record-fixture";
import { bearerSourceCaller } from "../../test/bearer-source-caller";

const token = "tok_select_1a2b3c4d5e";
let upstream: Upstream;
const paged = createPagedApiHandler();

beforeAll(async () => {
  upstream = await startUpstream((request, response, recorded) => {
    if (recorded.path === "/nested")
      return sendJson(response, 200, {
        total: 2,
        halves: [token.slice(0, 9), token.slice(9)],
        data: {
          items: [
            { id: 1, title: "one", labels: [{ name: "bug" }], user: { login: "ann", token } },
            { id: 2, title: "two", labels: [], user: { login: "bob" } },
          ],
        },
      });
    if (recorded.path === "/big-list")
      return sendJson(
        response,
        200,
        Array.from({ length: 11_000 }, (_, index) => ({ id: index, text: "x".repeat(180) })),
      );
    if (recorded.path === "/missing")
      return sendJson(response, 404, { message: "Not Found", documentation_url: "https://docs.example/items" });
    if (recorded.path === "/long-text") {
      response.writeHead(200, { "content-type": "text/plain; charset=utf-8" });
      return response.end(Array.from({ length: 10_000 }, (_, index) => `line ${index}`).join("\n"));
    }
    if (recorded.path === "/html") {
      response.writeHead(200, { "content-type": "text/html" });
      return response.end("<html><body>not json</body></html>");
    }
    return paged(request, response, recorded);
  });
}, 60_000);
afterAll(async () => {
  await upstream.close();
});

const call = bearerSourceCaller({ slug: "sel", name: "Sel", origin: () => upstream.origin, token });

describe("select", () => {
  it("applies a JMESPath expression to nested JSON before bounding, and records it", async () => {
    const result = await call({
      method: "GET",
      path: "/nested",
      select: "data.items[].{id: id, title: title, labels: labels[].name, login: user.login}",
    });
    expect(result.ok).toBe(true);
    expect(result.selected).toBe("data.items[].{id: id, title: title, labels: labels[].name, login: user.login}");
    expect(result.body).toEqual({
      kind: "json",
      value: [
        { id: 1, title: "one", labels: ["bug"], login: "ann" },
        { id: 2, title: "two", labels: [], login: "bob" },
      ],
    });
  });

  it("redacts the credential from what select picks (and from what its functions build)", async () => {
    const picked = await call({ method: "GET", path: "/nested", select: "join('-', [data.items[0].user.token, 'x'])" });
    expect(picked.body).toEqual({ kind: "json", value: "[REDACTED]-x" });
    // Each half alone is no form of the secret; joined by select, it is, and is redacted.
    const joined = await call({ method: "GET", path: "/nested", select: "join('', halves)" });
    expect(joined.body).toEqual({ kind: "json", value: "[REDACTED]" });
    expect(JSON.stringify([picked, joined])).not.toContain(token);
  });

  it.each([
    { expression: "items[?", where: "character 8", what: "ends too soon" },
    { expression: "foo..bar", where: "character 5", what: "unexpected token" },
    { expression: "items[].{id id}", where: "character 13", what: "expected Colon" },
    { expression: "nofn(@)", where: "nofn()", what: "unknown function" },
    { expression: "data.items[].length()", where: "length()", what: "takes 1 argument but received 0" },
    { expression: "sort_by(data.items)", where: "sort_by()", what: "takes at least 2 arguments but received 1" },
  ])(
    "refuses $expression with INVALID_CALL naming $where, before anything is sent",
    async ({ expression, where, what }) => {
      const before = upstream.requests.length;
      const result = await call({ method: "GET", path: "/nested", select: expression });
      expect(result.error?.code).toBe("INVALID_CALL");
      expect(result.error?.message).toContain(where);
      expect(result.error?.message).toContain(what);
      expect(result.attempts).toBe(0);
      expect(upstream.requests.length).toBe(before);
    },
  );

  it("says so when the body is not JSON, and shows it without select", async () => {
    const result = await call({ method: "GET", path: "/html", select: "items" });
    expect(result.body).toEqual({ kind: "text", value: "<html><body>not json</body></html>" });
    expect(result.selected).toBeUndefined();
    expect(result.note).toContain("select applies to JSON bodies, and this body is text");
  });

  it("says to quote a field name with a dash, which JMESPath reads as a subtraction", async () => {
    const result = await call({ method: "GET", path: "/nested", select: "data.items[].user-login" });
    expect(result.selected).toBeUndefined();
    expect(result.note).toContain(
      'user-login reads as a subtraction (JMESPath\'s "-"): quote a field name that holds "-"',
    );
    expect(result.note).toContain(JSON.stringify('data.items[]."user-login"'));
  });

  it("shows an error answer's body whole: the API's message says what went wrong, select is for the answer wanted", async () => {
    const result = await call({ method: "GET", path: "/missing", select: "items[].id" });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({
      kind: "json",
      value: { message: "Not Found", documentation_url: "https://docs.example/items" },
    });
    expect(result.selected).toBeUndefined();
    expect(result.note).toContain('select "items[].id" applies to a successful answer, and the API answered 404');
  });

  it("says so when the expression fails on this body (a function given the wrong type)", async () => {
    const result = await call({ method: "GET", path: "/nested", select: "length(total)" });
    expect(result.selected).toBeUndefined();
    expect(result.note).toContain('select "length(total)" could not be applied to this body');
    expect(result.body.kind).toBe("json");
  });

  it("refuses, before sending, an expression that multiplies the body (a pipe of [@,@] doubles it at each stage)", async () => {
    const before = upstream.requests.length;
    for (const { select, message } of [
      {
        select: `@${" | [@,@]".repeat(23)}`,
        message: "can make its result millions of times larger than the body",
      },
      { select: "@ | [@,@][] | [@,@][] | [@,@][] | [@,@][] | [@,@][]", message: "32 times larger than the body" },
      { select: "pad_left(title, `1000000000`)", message: "pad_left() takes a literal width of at most 10000" },
      { select: "join(to_string(@), items[].title)", message: "join() takes a literal separator here" },
      { select: "let $all = @ in data.items[].{id: id, all: $all}", message: "$all inside a projection repeats" },
    ]) {
      const started = performance.now();
      const result = await call({ method: "GET", path: "/nested", select });
      expect(result.error, select).toMatchObject({ code: "INVALID_CALL", retryable: false });
      expect(result.error?.message, select).toContain(message);
      // Refused from its syntax tree, never run: long before a doubling per stage would take.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
    expect(upstream.requests.length).toBe(before);
    // What a person would write is accepted, repeated fields included.
    const kept = await call({
      method: "GET",
      path: "/nested",
      select: "{total: total, again: total, items: data.items[].id}",
    });
    expect(kept.body).toEqual({ kind: "json", value: { total: 2, again: 2, items: [1, 2] } });
  });

  it("shows the body without select when what select builds would be over 32 MiB of JSON", async () => {
    // Sixteen references to a 2.2 MB list: within what the expression may repeat, too much when written out.
    const result = await call({ method: "GET", path: "/big-list", select: `[${Array(16).fill("@").join(",")}]` });
    expect(result.selected).toBeUndefined();
    expect(result.note).toContain("the selection would be more than 33,554,432 characters of JSON");
    expect(result.body.kind).toBe("json");
  });

  it("cuts the characters handed over: a typical select on a page of issues keeps a small part of it", async () => {
    const whole = await call({ method: "GET", path: "/link" });
    const selected = await call({
      method: "GET",
      path: "/link",
      select: "[].{number: number, title: title, state: state}",
    });
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(selected.body)).toBeLessThan(size(whole.body) * 0.2);
  });
});

describe("a cut result, read by reference", () => {
  it("keeps a 1 MB body whole when it is cut, and reads it back in parts without a request", async () => {
    const results = createResultStore();
    const first = await call({ method: "GET", path: "/big" }, { results });
    expect(first.truncated?.unit).toBe("chars");
    expect(first.resultRef).toMatch(/^r[0-9a-z]+_/);
    expect(first.truncated?.note).toContain(`"resultRef": "${first.resultRef}"`);
    const before = upstream.requests.length;
    let offset: number | undefined = 0;
    let text = "";
    let reads = 0;
    while (offset !== undefined) {
      const part = await call({ resultRef: first.resultRef, offset }, { results });
      expect(part.ok).toBe(true);
      expect(part.attempts).toBe(0);
      expect(part.body.kind).toBe("text");
      text += part.body.kind === "text" ? part.body.value : "";
      offset = part.part?.nextOffset;
      reads += 1;
    }
    expect(upstream.requests.length).toBe(before);
    expect(reads).toBeGreaterThan(10);
    const parsed = JSON.parse(text) as { records: { id: number }[] };
    expect(parsed.records).toHaveLength(2000);
    expect(text.length).toBeGreaterThan(1_000_000);
  });

  it("narrows a stored result with select, and over MCP links it as a resource", async () => {
    const results = createResultStore();
    const first = await call({ method: "GET", path: "/big" }, { results });
    const narrowed = await call({ resultRef: first.resultRef, select: "records[?id >= `1998`].name" }, { results });
    expect(narrowed.body).toEqual({ kind: "json", value: ["record 1998", "record 1999"] });
    expect(narrowed.selected).toBe("records[?id >= `1998`].name");
    const mcp = toMcpCallToolResult(first);
    expect(mcp.content[1]).toMatchObject({
      type: "resource_link",
      uri: `src://results/${first.resultRef}`,
      mimeType: "application/json",
    });
  });

  it("says how to read on with the same select, and following it reads the rest of the selected text", async () => {
    const results = createResultStore();
    const first = await call({ method: "GET", path: "/big" }, { results });
    const expression = "records[].{id: id, text: text}";
    let part = await call({ resultRef: first.resultRef, select: expression }, { results });
    let text = "";
    let reads = 0;
    for (;;) {
      text += part.body.kind === "text" ? part.body.value : "";
      reads += 1;
      const next = part.part?.nextOffset;
      if (next === undefined) break;
      const hint = `{"resultRef": "${first.resultRef}", "select": ${JSON.stringify(expression)}, "offset": ${next}}`;
      expect(part.note).toContain(hint);
      part = await call(JSON.parse(hint) as Record<string, unknown>, { results });
    }
    expect(reads).toBeGreaterThan(2);
    const selected = JSON.parse(text) as { id: number; text: string }[];
    expect(selected).toHaveLength(2000);
    expect(selected[1999]).toEqual({ id: 1999, text: "x".repeat(480) });
  });

  it("says where a cut text goes on (where the shown part ends), and offers no select for text", async () => {
    const results = createResultStore();
    const first = await call({ method: "GET", path: "/long-text" }, { results, api: { maxResultChars: 20_000 } });
    expect(first.body.kind).toBe("text");
    const shown = first.body.kind === "text" ? first.body.value : "";
    expect(first.truncated?.note).toContain(
      `read on with {"resultRef": "${first.resultRef}", "offset": ${shown.length}}`,
    );
    expect(first.truncated?.note).not.toContain("select");
    const rest = await call(
      { resultRef: first.resultRef, offset: shown.length },
      { results, api: { maxResultChars: 20_000 } },
    );
    const whole = Array.from({ length: 10_000 }, (_, index) => `line ${index}`).join("\n");
    expect(shown + (rest.body.kind === "text" ? rest.body.value : "")).toBe(whole.slice(0, shown.length + 20_000));
  });

  it("refuses the reference to another caller", async () => {
    const results = createResultStore();
    const first = await call({ method: "GET", path: "/big" }, { results, caller: "agent:one" });
    const refused = await call({ resultRef: first.resultRef }, { results, caller: "agent:two" });
    expect(refused.error).toMatchObject({
      code: "INVALID_CALL",
      message: expect.stringContaining("belongs to another caller and is refused"),
    });
    expect(refused.body).toEqual({ kind: "empty" });
    const mine = await call({ resultRef: first.resultRef, offset: 0 }, { results, caller: "agent:one" });
    expect(mine.ok).toBe(true);
  });

  it("hands a stored result out only as its call would be made again: its own source's tool, the policy and token of now", async () => {
    const results = createResultStore();
    const first = await call({ method: "GET", path: "/big" }, { results });
    const ref = first.resultRef;
    expect(ref).toBeDefined();
    const other = bearerSourceCaller({ slug: "other", name: "Other", origin: () => upstream.origin, token });
    const throughOther = await other({ resultRef: ref }, { results });
    expect(throughOther.error).toMatchObject({
      code: "INVALID_CALL",
      message: expect.stringContaining('made by the tool of another source, not source "other"'),
    });
    expect(throughOther.body).toEqual({ kind: "empty" });
    // The operator denies the path after the call: what the call read is not handed out either.
    const denied = await call({ resultRef: ref }, { results, api: { policy: { deny: ["GET /big"] } } });
    expect(denied.error?.message).toMatch(/is refused: the policy of source "sel" now refuses GET \/big/);
    expect(denied.body).toEqual({ kind: "empty" });
    // The agent's token is narrowed to read-only: a GET result stays readable; a policy that allows it, too.
    const readOnly = await call({ resultRef: ref, offset: 0 }, { results, token: { name: "ro", readOnly: true } });
    expect(readOnly.ok).toBe(true);
    const allowed = await call({ resultRef: ref, offset: 0 }, { results, api: { policy: { allow: ["GET /big"] } } });
    expect(allowed.ok).toBe(true);
  });

  it("refuses a stored result of a write to a read-only token, and once its source is disabled", async () => {
    const results = createResultStore();
    const written = await call({ method: "POST", path: "/big", body: { a: 1 } }, { results });
    expect(written.resultRef).toBeDefined();
    const readOnly = await call({ resultRef: written.resultRef }, { results, token: { name: "ro", readOnly: true } });
    expect(readOnly.error?.message).toMatch(
      /is refused: the policy of source "sel" now refuses POST \/big \(agent token "ro" is read-only/,
    );
    const source = createSourceRecordFixture({
      slug: "sel",
      name: "Sel",
      enabled: false,
      api: { baseUrl: upstream.origin },
    });
    const disabled = await call({ resultRef: written.resultRef }, { results, source });
    expect(disabled.error?.code).toBe("SOURCE_DISABLED");
    // Read through the library's own check too (MCP resources/read): the same refusal, by reason.
    const kept = results.read(written.resultRef!, "local");
    expect(kept.found && storedResultRefusal(kept.result, { source })).toBe(
      'source "sel" is disabled now; an operator must enable it before its results are read',
    );
  });

  it("says an expired reference has expired", async () => {
    let now = Date.now();
    const results = createResultStore({ now: () => now });
    const first = await call({ method: "GET", path: "/big" }, { results });
    now += 15 * 60 * 1000 + 1;
    const expired = await call({ resultRef: first.resultRef }, { results });
    expect(expired.error?.message).toContain("has expired: cut results are kept 15 minutes");
  });

  it("does not keep a body over api.maxStoredResultBytes, and says so", async () => {
    const result = await call({ method: "GET", path: "/big" }, { api: { maxStoredResultBytes: 1000 } });
    expect(result.resultRef).toBeUndefined();
    expect(result.truncated?.note).toContain("larger than api.maxStoredResultBytes (1000 bytes), so it was not kept");
  });

  it("refuses resultRef next to request arguments, and offset without resultRef", async () => {
    const both = await call({ method: "GET", path: "/big", resultRef: "r1_x" });
    expect(both.error?.message).toContain(
      "resultRef reads a stored result and sends nothing, so method, path cannot go with it",
    );
    const offset = await call({ method: "GET", path: "/big", offset: 3 });
    expect(offset.error?.message).toContain("offset goes with resultRef");
  });
});
