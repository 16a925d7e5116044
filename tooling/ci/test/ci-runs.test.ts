import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ciRuns = fileURLToPath(new URL("../../../.ci/ci-runs.sh", import.meta.url));
const vitestBin = join(dirname(createRequire(import.meta.url).resolve("vitest/package.json")), "vitest.mjs");
const nodeMajor = process.versions.node.split(".")[0]!;

// What .ci/run runs after installing, under the same shell options and called the same way: the README's test
// command (here a stub run whose status is $MAIN_STATUS), then every app's tests on every extra Node version, then
// the summary.
const driver = `
set -euo pipefail
source "$CI_RUNS"
ci_main 'cd "$MAIN_APP" && node "$VITEST" run --globals 2>&1 | sed "s|^|@src/main:test: |"; exit "$MAIN_STATUS"' \\
  "$VERSIONS" "$APPS" 'node "$VITEST" run --globals'
`;

let home: string;

async function stubApp(name: string, tests: string): Promise<string> {
  const dir = join(home, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "package.json"), JSON.stringify({ name, private: true, type: "module" }));
  await writeFile(join(dir, `${name}.test.js`), tests);
  return dir;
}

function runCi(options: { mainStatus: number; apps: string[] }) {
  const run = spawnSync("bash", ["-c", driver], {
    encoding: "utf8",
    timeout: 240_000,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CI_RUNS: ciRuns,
      VITEST: vitestBin,
      MAIN_APP: join(home, "passing"),
      MAIN_STATUS: String(options.mainStatus),
      VERSIONS: nodeMajor,
      APPS: options.apps.join(" "),
    },
  });
  const lines = run.stdout.trimEnd().split("\n");
  return { status: run.status, lines, last: lines.at(-1) };
}

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "src-ci-"));
  await stubApp(
    "failing",
    `test("passes", () => expect(1).toBe(1));\ntest("fails on purpose", () => expect(1).toBe(2));\n`,
  );
  await stubApp("passing", `test("passes", () => expect(1).toBe(1));\ntest("passes too", () => expect(2).toBe(2));\n`);
});

afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

describe(".ci/run's runs and summary", () => {
  it("runs every app after a failing one, names the failed test at the end, counts every run and exits non-zero", () => {
    const run = runCi({ mainStatus: 1, apps: [join(home, "failing"), join(home, "passing")] });

    expect(run.status).toBe(1);
    // The app after the failing one ran too.
    expect(run.lines).toContain(`ci: @src/passing@node${nodeMajor} tests on Node ${process.version}`);
    const tail = run.lines.slice(-3);
    expect(tail[0]).toMatch(
      new RegExp(`^ci: failed: @src/failing@node${nodeMajor}:test: +(FAIL|×) .*fails on purpose`),
    );
    // main (2 passed), failing (1 passed, 1 failed), passing (2 passed).
    expect(run.last).toBe("5 passed, 1 failed, 0 skipped");
  }, 300_000);

  it("exits non-zero when only the README's test command failed, still running and counting the other runs", () => {
    const run = runCi({ mainStatus: 1, apps: [join(home, "passing")] });

    expect(run.status).toBe(1);
    expect(run.last).toBe("4 passed, 0 failed, 0 skipped");
  }, 300_000);

  it("exits zero when every run passed", () => {
    const run = runCi({ mainStatus: 0, apps: [join(home, "passing")] });

    expect(run.lines.filter((line) => line.startsWith("ci: failed:"))).toEqual([]);
    expect(run.last).toBe("4 passed, 0 failed, 0 skipped");
    expect(run.status).toBe(0);
  }, 300_000);
});
