// Endurance run (`pnpm soak`; not part of the test command): the built server (`src serve`)
// with 16 agents calling tools (8 over HTTP, 8 over MCP), while CLI processes add, edit,
// disable, enable and remove sources and set credentials, and one of those processes is
// killed with SIGKILL every few seconds. At the end it prints and checks:
//   - no failed call other than those the changes explain (a churned source removed,
//     disabled or without its credential mid-call); calls to stable sources never fail;
//     no answer carries a credential;
//   - no lost change: every acknowledged source change and credential is in place;
//   - the server's RSS and open file descriptors flat after warm-up (growth < 10 %);
//   - p50/p99 of the calls per time window, and the count of each outcome.
// SOAK_SECONDS (default 60) sets the length. Exit code 1 when a check fails.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const seconds = Number(process.env.SOAK_SECONDS ?? 60);
if (!Number.isFinite(seconds) || seconds < 10)
  throw new Error(`SOAK_SECONDS=${process.env.SOAK_SECONDS}: must be a number of seconds, at least 10`);
const cli = fileURLToPath(new URL("../../cli/dist/bin.js", import.meta.url));
const editSource = fileURLToPath(new URL("./edit-source.mjs", import.meta.url));
const home = mkdtempSync(join(tmpdir(), "src-soak-"));
const serverToken = `soak-admin-${randomBytes(12).toString("hex")}`;
const env = {
  ...process.env,
  SRC_HOME: home,
  SRC_VAULT_KEY: randomBytes(32).toString("base64"),
  SRC_SERVER_TOKEN: serverToken,
};
delete env.SRC_AUTH_PLUGINS;
const digest = (value) => createHash("sha256").update(value).digest("hex").slice(0, 16);
const stableSlugs = Array.from({ length: 8 }, (_, index) => `stable-${index}`);
const churnSlugs = Array.from({ length: 8 }, (_, index) => `churn-${index}`);
const toolOf = (slug) => `api_${slug.replaceAll("-", "_")}`;

// The upstream: answers any bearer token starting with "soak-" with a digest of the header it got.
const upstream = createServer((request, response) => {
  request.resume();
  const authorization = request.headers.authorization ?? "";
  response.writeHead(authorization.startsWith("Bearer soak-") ? 200 : 401, { "content-type": "application/json" });
  response.end(JSON.stringify({ seen: digest(authorization), path: request.url }));
});
await new Promise((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${upstream.address().port}/v1`;

/** Runs `src` (or the edit helper) to completion; `killable` ones may be SIGKILLed by the killer. */
const running = new Set();
function run(args, { stdin, script = cli } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.stdin.end(stdin ?? "");
    running.add(child);
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

const addArgs = (slug) => [
  "--json",
  "source",
  "add",
  "--name",
  `Source ${slug}`,
  "--slug",
  slug,
  "--base-url",
  baseUrl,
  "--auth",
  "bearer",
  "--test-endpoint",
  "/me",
  "--credential-stdin",
  "--no-test",
];
for (const slug of stableSlugs) {
  const added = await run(addArgs(slug), { stdin: `soak-${slug}` });
  if (added.code !== 0) throw new Error(`could not add ${slug}: ${added.stderr}`);
}

// The server.
// The server's old generation is capped (SOAK_SERVER_HEAP_MB, default 128), as operators run it: without a cap V8 grows
// its heap lazily for minutes under this load (a 180 s run climbed to about 260 MB, then stayed flat), which a 60 s
// run cannot tell from a leak. With the cap, RSS follows what the server keeps; a leak shows as growth, and past the
// cap as failed calls.
const serverHeapMb = Number(process.env.SOAK_SERVER_HEAP_MB ?? 128);
const server = spawn(
  process.execPath,
  [`--max-old-space-size=${serverHeapMb}`, cli, "--json", "serve", "--port", "0"],
  { env, stdio: ["ignore", "pipe", "ignore"] },
);
const url = await new Promise((resolve, reject) => {
  let output = "";
  server.once("exit", (code) => reject(new Error(`src serve exited ${code}`)));
  server.stdout.on("data", (chunk) => {
    output += chunk;
    try {
      resolve(JSON.parse(output).url);
    } catch {
      // Not the whole line yet.
    }
  });
});
const headers = { authorization: `Bearer ${serverToken}`, "content-type": "application/json" };

// Measurements.
const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const outcomes = new Map();
const count = (outcome) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
const windowSeconds = Math.max(5, Math.round(seconds / 6));
const latencies = []; // [window, ms]
const unexplained = [];
const samples = []; // { at, rss, fds }
let stopping = false;

/** Classifies one call: stable sources must answer ok; churned ones may be gone, disabled or without credential. */
function classify(slug, { ok, code, text }) {
  // No answer may carry a credential (every one is "soak-" and 16 hex digits, or "soak-stable-N").
  if (/soak-(?:[0-9a-f]{16}|stable-\d)/.test(text)) {
    unexplained.push({ slug, code: "CREDENTIAL_IN_ANSWER", text: "an answer carried a credential" });
    return "UNEXPLAINED: CREDENTIAL_IN_ANSWER";
  }
  if (ok) return "ok";
  const churn = slug.startsWith("churn-");
  const explained = ["UNKNOWN_TOOL", "SOURCE_DISABLED", "NO_CREDENTIAL", "SOURCE_NOT_FOUND"].find(
    (known) => code === known || text.includes(known) || (known === "UNKNOWN_TOOL" && text.includes("no tool")),
  );
  if (churn && explained !== undefined) return `explained: ${explained}`;
  unexplained.push({ slug, code, text: text.slice(0, 300) });
  return `UNEXPLAINED: ${code ?? "?"}`;
}

const pickSlug = () => (Math.random() < 0.75 ? stableSlugs : churnSlugs)[Math.floor(Math.random() * 8)];
const callBody = JSON.stringify({ method: "GET", path: "/items" });

async function httpAgent() {
  while (!stopping) {
    const slug = pickSlug();
    const begin = performance.now();
    let result;
    try {
      const response = await fetch(`${url}/v1/tools/${toolOf(slug)}/call`, { method: "POST", headers, body: callBody });
      const text = await response.text();
      const body = JSON.parse(text);
      result =
        response.status === 200
          ? { ok: body.ok === true, code: body.error?.code, text }
          : { ok: false, code: body.error?.code ?? body.code ?? String(response.status), text };
    } catch (error) {
      result = { ok: false, code: "CLIENT", text: String(error) };
    }
    latencies.push([Math.floor(elapsed() / windowSeconds), performance.now() - begin]);
    count(`http ${classify(slug, result)}`);
  }
}

async function mcpAgent() {
  const client = new Client({ name: "soak", version: "0.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
      requestInit: { headers: { authorization: headers.authorization } },
    }),
  );
  while (!stopping) {
    const slug = pickSlug();
    const begin = performance.now();
    let result;
    try {
      const answer = await client.callTool({ name: toolOf(slug), arguments: { method: "GET", path: "/items" } });
      const text = JSON.stringify(answer.content);
      result = { ok: answer.isError !== true, code: /"code\\?":\\?"([A-Z_]+)/.exec(text)?.[1], text };
    } catch (error) {
      result = { ok: false, code: "CLIENT", text: String(error) };
    }
    latencies.push([Math.floor(elapsed() / windowSeconds), performance.now() - begin]);
    count(`mcp ${classify(slug, result)}`);
  }
  await client.close();
}

// The operators: each worker owns half of the churned slugs, so the changes of one slug are in order.
/** What each churned slug should be after the acknowledged changes; `uncertain` after a killed change until re-read. */
const model = new Map(
  churnSlugs.map((slug) => [
    slug,
    { exists: false, enabled: true, name: `Source ${slug}`, token: undefined, uncertain: false },
  ]),
);
const changeCounts = new Map();
/** Changes refused with an exit code (not killed), with the first line of their message. */
const refusals = [];

/** What happened to each churned slug, in order, for the report of a lost change. */
const history = new Map(churnSlugs.map((slug) => [slug, []]));
const remember = (slug, entry) => history.get(slug).push(`${elapsed().toFixed(1)} s ${entry}`);

/** The error code of a `--json` command that failed, or undefined. */
const errorCodeOf = (stdout) => {
  try {
    return JSON.parse(stdout).error?.code;
  } catch {
    return undefined;
  }
};

async function relearn(slug, state) {
  const shown = await run(["--json", "source", "show", slug]);
  if (shown.code !== 0) {
    const code = errorCodeOf(shown.stdout);
    remember(
      slug,
      `relearn: show exited ${shown.code ?? shown.signal} (${code ?? shown.stderr.trim().split("\n")[0]})`,
    );
    // Only "not found" says the source is gone; anything else (a lock still held by a killed process) is asked again later.
    if (code === "SOURCE_NOT_FOUND")
      Object.assign(state, {
        exists: false,
        enabled: true,
        name: `Source ${slug}`,
        token: undefined,
        uncertain: false,
      });
    return;
  }
  remember(slug, "relearn: exists");
  const { source } = JSON.parse(shown.stdout);
  Object.assign(state, { exists: true, enabled: source.enabled, name: source.name, uncertain: false });
  // The credential is unknown after a killed change: store a known one.
  const token = `soak-${randomBytes(8).toString("hex")}`;
  const set = await run(["--json", "credential", "set", slug, "--credential-stdin"], { stdin: token });
  state.token = set.code === 0 ? token : undefined;
  state.uncertain = set.code !== 0;
  remember(slug, `relearn: credential set ${set.code === 0 ? "ok" : `exited ${set.code ?? set.signal}`}`);
}

async function operator(slugs) {
  while (!stopping) {
    const slug = slugs[Math.floor(Math.random() * slugs.length)];
    const state = model.get(slug);
    if (state.uncertain) {
      await relearn(slug, state);
      continue;
    }
    let change;
    if (!state.exists) {
      const token = `soak-${randomBytes(8).toString("hex")}`;
      change = {
        kind: "add",
        args: addArgs(slug),
        stdin: token,
        apply: () => Object.assign(state, { exists: true, enabled: true, name: `Source ${slug}`, token }),
      };
    } else {
      const choices = [
        () => {
          const name = `Edited ${randomBytes(3).toString("hex")}`;
          return { kind: "edit", script: editSource, args: [slug, name], apply: () => (state.name = name) };
        },
        () => ({
          kind: state.enabled ? "disable" : "enable",
          args: ["--json", "source", state.enabled ? "disable" : "enable", slug],
          apply: () => (state.enabled = !state.enabled),
        }),
        () => {
          const token = `soak-${randomBytes(8).toString("hex")}`;
          return {
            kind: "credential",
            args: ["--json", "credential", "set", slug, "--credential-stdin"],
            stdin: token,
            apply: () => (state.token = token),
          };
        },
        () => ({
          kind: "remove",
          args: ["--json", "source", "remove", slug],
          apply: () => Object.assign(state, { exists: false, enabled: true, name: `Source ${slug}`, token: undefined }),
        }),
      ];
      change = choices[Math.floor(Math.random() * choices.length)]();
    }
    const result = await run(change.args, { stdin: change.stdin, script: change.script });
    const outcome = result.signal === "SIGKILL" ? "killed" : result.code === 0 ? "ok" : `exit ${result.code}`;
    changeCounts.set(`${change.kind} ${outcome}`, (changeCounts.get(`${change.kind} ${outcome}`) ?? 0) + 1);
    remember(
      slug,
      `${change.kind} ${outcome}${result.code !== 0 && result.signal !== "SIGKILL" ? ` (${errorCodeOf(result.stdout) ?? result.stderr.trim().split("\n")[0]})` : ""}`,
    );
    if (result.code !== 0 && result.signal !== "SIGKILL")
      refusals.push(`${change.kind} ${slug}: exit ${result.code}: ${result.stderr.trim().split("\n")[0]}`);
    if (result.code === 0) change.apply();
    else state.uncertain = true; // killed, or refused (e.g. a lock still held by a killed process): re-read before the next change
  }
}

async function killer() {
  while (!stopping) {
    await new Promise((resolve) => setTimeout(resolve, 3000 + Math.random() * 3000));
    const victims = [...running].filter((child) => child.exitCode === null);
    const victim = victims[Math.floor(Math.random() * victims.length)];
    if (victim !== undefined) victim.kill("SIGKILL");
  }
}

function sampler() {
  const timer = setInterval(() => {
    try {
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]) * 1024;
      const fds = readdirSync(`/proc/${server.pid}/fd`).length;
      samples.push({ at: elapsed(), rss, fds });
    } catch {
      // Not Linux, or the server is gone (the checks below say so).
    }
  }, 1000);
  return () => clearInterval(timer);
}

console.log(
  `soak: ${seconds} s, 8 HTTP + 8 MCP agents, 2 operators (CLI processes), one SIGKILL every 3-6 s; server ${url}, home ${home}`,
);
const stopSampling = sampler();
const work = [
  ...Array.from({ length: 8 }, httpAgent),
  ...Array.from({ length: 8 }, mcpAgent),
  operator(churnSlugs.filter((_, index) => index % 2 === 0)),
  operator(churnSlugs.filter((_, index) => index % 2 === 1)),
  killer(),
];
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
stopping = true;
await Promise.all(work);
stopSampling();

// No lost change: re-read what is uncertain, then compare every churned slug with the model.
// A lock left by a killed process is taken over once it is stale (10 s): ask again until every slug is certain.
for (let attempt = 0; attempt < 10 && [...model.values()].some((state) => state.uncertain); attempt += 1) {
  if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const [slug, state] of model) if (state.uncertain) await relearn(slug, state);
}
const lost = [];
for (const [slug, state] of model) {
  const shown = await run(["--json", "source", "show", slug]);
  if (state.uncertain) {
    lost.push(`${slug}: still uncertain after the run (see its history)`);
    continue;
  }
  if (!state.exists) {
    if (shown.code === 0) lost.push(`${slug}: removed, but it is still there`);
    continue;
  }
  if (shown.code !== 0) {
    lost.push(`${slug}: should exist, \`src source show\` exited ${shown.code}`);
    continue;
  }
  const { source, hasCredential } = JSON.parse(shown.stdout);
  if (source.enabled !== state.enabled) lost.push(`${slug}: enabled should be ${state.enabled}`);
  if (source.name !== state.name) lost.push(`${slug}: name should be "${state.name}", is "${source.name}"`);
  if (state.token !== undefined && !hasCredential) lost.push(`${slug}: its credential is missing`);
  if (state.token !== undefined && state.enabled) {
    const response = await fetch(`${url}/v1/tools/${toolOf(slug)}/call`, {
      method: "POST",
      headers,
      body: JSON.stringify({ method: "GET", path: "/whoami" }),
    });
    const text = await response.text();
    if (!text.includes(digest(`Bearer ${state.token}`)))
      lost.push(`${slug}: the call did not carry the last credential set (${text.slice(0, 200)})`);
  }
}
server.kill("SIGTERM");
await new Promise((resolve) => server.once("exit", resolve));
upstream.close();
rmSync(home, { recursive: true, force: true });

// Report.
const percentile = (values, fraction) =>
  values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * fraction))] ?? NaN;
console.log("calls per window (p50 / p99 ms):");
const windows = [...new Set(latencies.map(([window]) => window))].sort((a, b) => a - b);
for (const window of windows) {
  const times = latencies.filter(([at]) => at === window).map(([, ms]) => ms);
  console.log(
    `  ${String(window * windowSeconds).padStart(4)}-${String((window + 1) * windowSeconds).padEnd(4)} s: ${String(times.length).padStart(6)} calls, p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`,
  );
}
console.log("outcomes:");
for (const [outcome, total] of [...outcomes].sort()) console.log(`  ${outcome}: ${total}`);
console.log("operator changes:");
for (const [change, total] of [...changeCounts].sort()) console.log(`  ${change}: ${total}`);

const warmUp = Math.max(30, seconds / 3);
const average = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const afterWarmUp = samples.filter((sample) => sample.at >= warmUp);
const head = afterWarmUp.slice(0, Math.max(3, Math.floor(afterWarmUp.length / 5)));
const tail = afterWarmUp.slice(-Math.max(3, Math.floor(afterWarmUp.length / 5)));
const growth = (key) =>
  head.length === 0 ? NaN : average(tail.map((sample) => sample[key])) / average(head.map((sample) => sample[key])) - 1;
const rssGrowth = growth("rss");
const fdGrowth = growth("fds");
console.log(
  `server after ${warmUp.toFixed(0)} s of warm-up: RSS ${(average(head.map((sample) => sample.rss)) / 1048576).toFixed(0)} -> ${(average(tail.map((sample) => sample.rss)) / 1048576).toFixed(0)} MB (${(rssGrowth * 100).toFixed(1)} %), ` +
    `open fds ${average(head.map((sample) => sample.fds)).toFixed(0)} -> ${average(tail.map((sample) => sample.fds)).toFixed(0)} (${(fdGrowth * 100).toFixed(1)} %)`,
);

const checks = [
  [`no unexplained failed call (${unexplained.length})`, unexplained.length === 0],
  [`no lost change (${lost.length})`, lost.length === 0],
  ["server RSS growth after warm-up < 10 %", rssGrowth < 0.1],
  ["server open fds growth after warm-up < 10 %", fdGrowth < 0.1],
  [
    "calls were made over HTTP and MCP",
    [...outcomes.keys()].some((key) => key.startsWith("http ok")) &&
      [...outcomes.keys()].some((key) => key.startsWith("mcp ok")),
  ],
  ["CLI processes were killed", [...changeCounts.keys()].some((key) => key.endsWith("killed"))],
];
for (const refusal of refusals.slice(0, 10)) console.log(`  refused: ${refusal}`);
for (const { slug, code, text } of unexplained.slice(0, 10)) console.log(`  unexplained: ${slug} ${code}: ${text}`);
for (const line of lost) {
  console.log(`  lost: ${line}`);
  for (const entry of history.get(line.split(":")[0]) ?? []) console.log(`    ${entry}`);
}
for (const [name, passed] of checks) console.log(`${passed ? "ok  " : "FAIL"} ${name}`);
process.exitCode = checks.every(([, passed]) => passed) ? 0 : 1;
