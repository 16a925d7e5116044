import { createTestConfig } from "@src/vitest-config";

// Each file starts its own PostgreSQL server; two at a time is enough on a small machine.
export default createTestConfig({ maxWorkers: 2 });
