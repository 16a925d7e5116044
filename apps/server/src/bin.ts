#!/usr/bin/env node
import { parseArgs } from "node:util";
import { startServer } from "./start-server";

const usage =
  "usage: src-server [--host 127.0.0.1] [--port 7410] [--home DIR] [--store postgres://...] [--allowed-host NAME]... [--cors-origin ORIGIN]... [--result-ttl SECONDS] [--public-url URL] [--no-oauth] [--no-oauth-dcr] [--oauth-issuer URL] [--oauth-allow-loopback-clients] [--oauth-access-token-ttl SECONDS] [--oauth-code-ttl SECONDS] [--oauth-console-client-id ID] [--metrics-token TOKEN]\nenvironment: SRC_HOME, SRC_PUBLIC_URL, SRC_STORE (a PostgreSQL store shared by replicas), SRC_SERVER_TOKEN, SRC_METRICS_TOKEN (GET /metrics only), SRC_OAUTH_CONSOLE_CLIENT_SECRET (the secret of --oauth-console-client-id), OTEL_EXPORTER_OTLP_ENDPOINT (traces, with the other OTEL_* variables), SRC_AUTH_PLUGINS (comma-separated auth plugin modules), SRC_VAULT_KEY, SRC_VAULT_KEYS or SRC_VAULT_PASSPHRASE";

async function main(): Promise<void> {
  let values: {
    host?: string;
    port?: string;
    home?: string;
    store?: string;
    "allowed-host"?: string[];
    "cors-origin"?: string[];
    "result-ttl"?: string;
    "public-url"?: string;
    "no-oauth"?: boolean;
    "no-oauth-dcr"?: boolean;
    "oauth-issuer"?: string;
    "oauth-allow-loopback-clients"?: boolean;
    "oauth-access-token-ttl"?: string;
    "oauth-code-ttl"?: string;
    "oauth-console-client-id"?: string;
    "metrics-token"?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        host: { type: "string" },
        port: { type: "string" },
        home: { type: "string" },
        store: { type: "string" },
        "allowed-host": { type: "string", multiple: true },
        "cors-origin": { type: "string", multiple: true },
        "result-ttl": { type: "string" },
        "public-url": { type: "string" },
        "no-oauth": { type: "boolean" },
        "no-oauth-dcr": { type: "boolean" },
        "oauth-issuer": { type: "string" },
        "oauth-allow-loopback-clients": { type: "boolean" },
        "oauth-access-token-ttl": { type: "string" },
        "oauth-code-ttl": { type: "string" },
        "oauth-console-client-id": { type: "string" },
        "metrics-token": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    process.stderr.write(`src-server: ${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
  if (values.help === true) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    process.stderr.write(`src-server: --port must be an integer from 0 to 65535, got "${values.port}"\n`);
    process.exit(2);
  }
  if (values["result-ttl"] !== undefined && !/^\d+$/.test(values["result-ttl"])) {
    process.stderr.write(
      `src-server: --result-ttl must be a whole number of seconds from 1 to 86400, got "${values["result-ttl"]}"\n`,
    );
    process.exit(2);
  }
  for (const name of ["oauth-access-token-ttl", "oauth-code-ttl"] as const) {
    if (values[name] !== undefined && !/^\d+$/.test(values[name])) {
      process.stderr.write(`src-server: --${name} must be a whole number of seconds, got "${values[name]}"\n`);
      process.exit(2);
    }
  }
  const oauth = {
    enabled: values["no-oauth"] !== true,
    dynamicRegistration: values["no-oauth-dcr"] !== true,
    allowLoopbackClients: values["oauth-allow-loopback-clients"] === true,
    ...(values["oauth-issuer"] === undefined ? {} : { issuer: values["oauth-issuer"] }),
    ...(values["oauth-access-token-ttl"] === undefined
      ? {}
      : { accessTokenTtlSeconds: Number(values["oauth-access-token-ttl"]) }),
    ...(values["oauth-code-ttl"] === undefined ? {} : { codeTtlSeconds: Number(values["oauth-code-ttl"]) }),
    ...(values["oauth-console-client-id"] === undefined ? {} : { consoleClientId: values["oauth-console-client-id"] }),
  };
  try {
    const server = await startServer({
      oauth,
      ...(values["public-url"] === undefined ? {} : { publicUrl: values["public-url"] }),
      host: values.host,
      port,
      home: values.home,
      ...(values.store === undefined ? {} : { store: values.store }),
      allowedHosts: values["allowed-host"],
      corsOrigins: values["cors-origin"],
      ...(values["result-ttl"] === undefined ? {} : { resultTtlSeconds: Number(values["result-ttl"]) }),
      ...(values["metrics-token"] === undefined ? {} : { metricsToken: values["metrics-token"] }),
    });
    process.stderr.write(`src-server listening on ${server.url}\n`);
    process.stderr.write(
      server.tokenFile === null ? "admin token: from SRC_SERVER_TOKEN\n" : `admin token: in ${server.tokenFile}\n`,
    );
    const stop = (): void => {
      process.stderr.write("src-server: shutting down\n");
      void server.close().then(() => process.exit(0));
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  } catch (error) {
    process.stderr.write(`src-server: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

void main();
