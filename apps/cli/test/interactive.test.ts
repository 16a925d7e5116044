import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runSrc } from "./helpers/run-src";
import { runInTerminal } from "./helpers/run-in-terminal";
import { createTempHome, type TempHome } from "./helpers/temp-home";
import { startUpstream, type Upstream } from "./helpers/upstream";
import { bearerFromStdin, sourceAddArgs } from "./helpers/source-add-args";

const secret = "pty-secret-5e4d3c2b1a";
let temp: TempHome;
let bearer: Upstream;
let basic: Upstream;

beforeAll(async () => {
  bearer = await startUpstream({ type: "bearer", token: secret });
  basic = await startUpstream({ type: "basic", username: "ada", password: secret });
});
afterAll(() => Promise.all([bearer.close(), basic.close()]));

// A home per test: each adds the sources it needs, so it runs alone, in any order, and again.
beforeEach(async () => {
  temp = await createTempHome();
});
afterEach(async () => {
  for (const file of await temp.files()) expect(file.text, file.path).not.toContain(secret);
  await temp.cleanup();
});

/** Adds the bearer source "terminal-api" without a terminal, with `token` as its credential. */
async function addTerminalApi(token = secret): Promise<void> {
  const added = await runSrc(
    sourceAddArgs({ name: "Terminal API", baseUrl: bearer.url }, ...bearerFromStdin, "--no-test"),
    { env: temp.env, stdin: token },
  );
  expect(added.code, added.stderr).toBe(0);
}

const enter = "\r";

describe("in a terminal, src source add asks for what is missing", () => {
  it("asks name, base URL, auth, test endpoint and the hidden token; never shows the token", async () => {
    const { code, screen } = await runInTerminal(["source", "add"], temp.env, [
      { expect: "Name of the source", send: `Terminal API${enter}` },
      { expect: "Base URL", send: `${bearer.url}${enter}` },
      { expect: "Authentication", send: enter }, // bearer is the first choice
      { expect: "Test endpoint", send: `/me${enter}` },
      { expect: "API token", send: `${secret}${enter}` },
    ]);
    expect(screen).toContain('Added source "terminal-api"');
    expect(screen).toContain("connected");
    expect(screen).not.toContain(secret);
    expect(code).toBe(0);
    const list = await runSrc(["source", "list", "--json"], { env: temp.env });
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ slug: "terminal-api", hasCredential: true })]);
  });

  it("asks only for the missing fields: basic with --username asks only the password", async () => {
    const { code, screen } = await runInTerminal(
      sourceAddArgs({ name: "Basic API", baseUrl: basic.url }, "--auth", "basic", "--username", "ada"),
      temp.env,
      [{ expect: "Password", send: `${secret}${enter}` }],
    );
    expect(screen).not.toContain("Name of the source");
    expect(screen).not.toContain(secret);
    expect(screen).toContain("basic-api: connected");
    expect(code).toBe(0);
  });

  it("examples read as examples, the mode's own fields are asked from its declaration, and the hidden secret shows no mask (its length stays hidden)", async () => {
    const query = await startUpstream({ type: "query", queryParam: "api_key", key: secret });
    try {
      const { code, screen } = await runInTerminal(["source", "add", "--auth", "query"], temp.env, [
        { expect: "Name of the source, e.g. GitHub", send: `Query API${enter}` },
        { expect: "Base URL, e.g. https://api.example.com/v1", send: `${query.url}${enter}` },
        { expect: "Test endpoint (a read-only path), e.g. /me", send: `/me${enter}` },
        // The mode's own field, asked with the label and example its plugin declares.
        { expect: "Query parameter, e.g. api_key", send: `api_key${enter}` },
        { expect: "API key", send: `${secret}${enter}` },
      ]);
      expect(screen).toContain("query-api: connected");
      expect(screen).not.toContain(secret);
      // No mask character per typed key: a run of the secret's length would tell its length.
      expect(screen).not.toMatch(/[▪•*]{4,}/);
      expect(code).toBe(0);
      const shown = await runSrc(["source", "show", "query-api", "--json"], { env: temp.env });
      expect(JSON.parse(shown.stdout)).toMatchObject({ source: { api: { queryParam: "api_key" } } });
    } finally {
      await query.close();
    }
  });

  it("credential set asks for the hidden secret and validates (a wrong one exits 1)", async () => {
    await addTerminalApi();
    const { code, screen } = await runInTerminal(["credential", "set", "terminal-api"], temp.env, [
      { expect: "API token", send: `wrong-token${enter}` },
    ]);
    expect(screen).toContain("needs_auth");
    expect(screen).not.toContain("wrong-token");
    expect(code).toBe(1);
  });

  it("Ctrl-C at a prompt cancels: exit 130, nothing written", async () => {
    await addTerminalApi();
    const { code } = await runInTerminal(["source", "add"], temp.env, [{ expect: "Name of the source", send: "\x03" }]);
    expect(code).toBe(130);
    const list = await runSrc(["source", "list", "--json"], { env: temp.env });
    expect(JSON.parse(list.stdout).map((entry: { slug: string }) => entry.slug)).toEqual(["terminal-api"]);
  });

  it("with --json on a terminal: no spinner, no prompt decoration, only the JSON document", async () => {
    await addTerminalApi("wrong-token");
    const { code, screen } = await runInTerminal(["source", "reload", "terminal-api", "--json"], temp.env, []);
    expect(code).toBe(1); // the stored token is a wrong one
    expect(JSON.parse(screen)).toMatchObject({
      source: { slug: "terminal-api" },
      validation: { status: "needs_auth" },
    });
  });

  it("src shell shows a prompt on a terminal", async () => {
    await addTerminalApi();
    const { code, screen } = await runInTerminal(["shell"], temp.env, [
      { expect: "src> ", send: `/tools${enter}` },
      { expect: "api_terminal_api", send: "\x04" },
    ]);
    expect(screen).toContain("type /help");
    expect(code).toBe(0);
  });
});
