// Start-up time of the built CLI: runs `src --help` and `src --version` N times and prints the median.
// Not a test (the machine may be busy); the goal is well under 300 ms for `src --help`.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../dist/bin.js", import.meta.url));
const runs = Number(process.env.RUNS ?? 20);

for (const args of [["--help"], ["--version"], ["source", "list", "--help"]]) {
  const times = [];
  for (let index = 0; index < runs; index += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [bin, ...args], { stdio: "ignore" });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (result.status !== 0) throw new Error(`src ${args.join(" ")} exited ${result.status}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`src ${args.join(" ").padEnd(22)} median ${median.toFixed(1)} ms  min ${times[0].toFixed(1)} ms  (${runs} runs)`);
}
