import type { SourceRecord } from "@src/config";

/** A complete, valid source record for tests; `api` fields are merged over bearer defaults. */
export function createSourceRecordFixture({
  slug = "example-api",
  name = "Example API",
  enabled = true,
  api = {},
}: {
  slug?: string;
  name?: string;
  enabled?: boolean;
  api?: Partial<SourceRecord["api"]> & Record<string, unknown>;
} = {}): SourceRecord {
  return {
    type: "api",
    name,
    slug,
    enabled,
    api: { baseUrl: "http://127.0.0.1:9/v1", authType: "bearer", testEndpoint: "/me", ...api },
    id: `source-${slug}`,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    status: { connectionStatus: "untested", lastTestedAt: null, lastError: null },
  };
}
