export type { RecordedRequest, Upstream, UpstreamHandler, UpstreamOptions } from "./test-upstream";
export { echoRequest, findClosedPort, sendJson, startUpstream } from "./test-upstream";
