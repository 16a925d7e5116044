export {
  type RecordedRequest,
  type Upstream,
  type UpstreamHandler,
  type UpstreamOptions,
  echoRequest,
  findClosedPort,
  sendJson,
  startUpstream,
} from "./test-upstream";
export {
  type PagedApiOptions,
  createPagedApiHandler,
  pagedApiItem,
  pagedApiPageSize,
  pagedApiPages,
} from "./paged-api";
