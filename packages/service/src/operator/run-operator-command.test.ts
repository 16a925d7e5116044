import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startUpstream } from "../../test/upstream";
import { createTemporaryHome } from "../../test/temporary-home";
import { createServiceWithDemoSource } from "../../test/demo-source";
import { runOperatorCommand } from "./run-operator-command";
import type { SourceService } from "../sources/source-service";

const token = "op-token-8d2c71e4";
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let home: Awaited<ReturnType<typeof createTemporaryHome>>;
let service: SourceService;

beforeEach(async () => {
  upstream = await startUpstream(token);
  home = await createTemporaryHome();
  service = await createServiceWithDemoSource(home, upstream.url, token, { test: false });
});

afterEach(async () => {
  await upstream.close();
  await home.remove();
});

describe("runOperatorCommand", () => {
  it.each([
    {
      line: "/source reload demo",
      ok: true,
      text: /demo: connected/,
      why: "the spec's reload command re-tests the source",
    },
    { line: "  /source reload demo  ", ok: true, text: /connected/, why: "surrounding blanks are ignored" },
    { line: "/source reload ghost", ok: false, text: /ghost/, why: "an unknown slug is named in the answer" },
    { line: "/source reload", ok: false, text: /usage: \/source reload SLUG/, why: "a missing slug gets the usage" },
    { line: "/tools", ok: true, text: /api_demo {2}source=demo/, why: "lists the tools" },
    { line: "/tools -v", ok: true, text: /input schema:/, why: "the spec's verbose listing adds the schema" },
    { line: "/source list", ok: true, text: /demo {2}Demo {2}auth=bearer {2}enabled/, why: "lists the sources" },
    { line: "/help", ok: true, text: /\/source reload SLUG/, why: "help lists the commands" },
    { line: "/tools -x", ok: false, text: /unknown command/, why: "an unknown flag is not silently ignored" },
    { line: "reload demo", ok: false, text: /type \/help/, why: "an unknown command points to /help" },
  ])("$line: $why", async ({ line, ok, text }) => {
    const result = await runOperatorCommand(service, line);
    expect(result.ok).toBe(ok);
    expect(result.text).toMatch(text);
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it("returns the tool definitions as data for /tools -v", async () => {
    const result = await runOperatorCommand(service, "/tools -v");
    expect(result.data).toMatchObject([{ name: "api_demo", inputSchema: { type: "object" } }]);
  });
});
