// The bench's upstream API, in a process of its own: a 1 KB JSON answer to any
// request carrying the bearer token in UPSTREAM_TOKEN. Reports its port over IPC.
import { createServer } from "node:http";
import { jsonUpstreamListener } from "./json-upstream.mjs";

const server = createServer(jsonUpstreamListener(process.env.UPSTREAM_TOKEN));
server.listen(0, "127.0.0.1", () => process.send?.({ port: server.address().port }));
process.on("disconnect", () => process.exit(0));
