export { startHttpbin, startS3, s3rverKeys } from "./real-servers.js";
export { writeExternalPlugin } from "./external-plugin.js";
