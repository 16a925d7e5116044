import { createTestConfig } from "@src/vitest-config";

export default createTestConfig();
