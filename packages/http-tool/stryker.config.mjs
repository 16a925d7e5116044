// Mutation testing of request building (normalizing, URL confinement, joining, query encoding, auth placement)
// and of redaction: `pnpm mutation` (not part of `pnpm test`).
import { createMutationConfig } from "@src/stryker-config";

export default createMutationConfig({
  mutate: [
    "src/request/normalize-tool-call.ts",
    "src/request/build-request.ts",
    "src/request/check-path.ts",
    "src/request/path-problem.ts",
    "src/request/join-url.ts",
    "src/request/encode-query.ts",
    "src/request/query-name-lookalikes.ts",
    "src/result/redact-secrets.ts",
    "src/result/secret-spellings.ts",
  ],
  timeoutMS: 3_000,
});
