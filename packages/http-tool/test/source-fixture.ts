import type { SourceRecord } from "@src/config";

/** A stored source record for tests, pointing at `baseUrl`. */
export function makeSource(baseUrl: string, api: Record<string, unknown> = {}, slug = "test-api"): SourceRecord {
  const now = new Date().toISOString();
  return {
    type: "api",
    name: "Test API",
    slug,
    enabled: true,
    api: { baseUrl, authType: "bearer", testEndpoint: "/me", ...api },
    id: `id-${slug}`,
    createdAt: now,
    updatedAt: now,
    status: { connectionStatus: "untested", lastTestedAt: null, lastError: null },
  };
}
