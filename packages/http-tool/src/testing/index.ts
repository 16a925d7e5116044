export type { RecordedRequest, Upstream, UpstreamHandler, UpstreamOptions } from "./test-upstream";
export { echoRequest, findClosedPort, sendJson, startUpstream } from "./test-upstream";
export type { PagedApiOptions } from "./paged-api";
export { createPagedApiHandler, pagedApiItem, pagedApiPageSize, pagedApiPages } from "./paged-api";
