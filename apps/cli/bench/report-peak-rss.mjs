// Loaded with `node --import` by many-sources.bench.mjs: when the process exits, writes its
// peak RSS and CPU time to $BENCH_PEAK_RSS_FILE (the bench reads them; nothing else does).
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_PEAK_RSS_FILE;
if (file !== undefined) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({ maxRssBytes: usage.maxRSS * 1024, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }),
    );
  });
}
