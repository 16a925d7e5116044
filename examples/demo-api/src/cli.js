#!/usr/bin/env node
// Starts the demo API: `src-demo-api [--port N]`, token from DEMO_API_TOKEN (required; never printed).
import { startDemoApi } from "./index.js";

const portIndex = process.argv.indexOf("--port");
const port = portIndex === -1 ? 0 : Number(process.argv[portIndex + 1]);
const token = process.env.DEMO_API_TOKEN;
if (token === undefined || token === "") {
  process.stderr.write("error: set DEMO_API_TOKEN to the bearer token the API should accept\n");
  process.exit(2);
}
const api = await startDemoApi({ port, token });
process.stdout.write(`${api.url}\n`);
const stop = () => void api.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
