import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A certificate authority the test makes with `openssl`, and server certificates it signs. */
export interface PrivateCa {
  /** The folder holding `ca.pem` (removed by `remove`). */
  readonly directory: string;
  /** Absolute path of the CA's PEM certificate. */
  readonly caFile: string;
  /** A key and certificate for `subjectAltName` (e.g. "IP:127.0.0.1"), signed by this CA. */
  issue(subjectAltName: string): { key: string; cert: string };
  remove(): void;
}

/** `openssl req`'s options for a new P-256 key, unencrypted. */
const newEcKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];

export function createPrivateCa(): PrivateCa {
  const directory = mkdtempSync(join(tmpdir(), "http-tool-ca-"));
  const path = (name: string): string => join(directory, name);
  const openssl = (args: string[]): void => void execFileSync("openssl", args, { stdio: "ignore" });
  openssl([
    "req",
    "-x509",
    ...newEcKey,
    "-keyout",
    path("ca-key.pem"),
    "-out",
    path("ca.pem"),
    "-days",
    "2",
    "-subj",
    "/CN=src test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  let serial = 0;
  return {
    directory,
    caFile: path("ca.pem"),
    issue(subjectAltName) {
      serial += 1;
      const name = `server-${serial}`;
      openssl([
        "req",
        ...newEcKey,
        "-keyout",
        path(`${name}-key.pem`),
        "-out",
        path(`${name}.csr`),
        "-subj",
        "/CN=src test server",
      ]);
      writeFileSync(path(`${name}.ext`), `subjectAltName=${subjectAltName}\nextendedKeyUsage=serverAuth\n`);
      openssl([
        "x509",
        "-req",
        "-in",
        path(`${name}.csr`),
        "-CA",
        path("ca.pem"),
        "-CAkey",
        path("ca-key.pem"),
        "-CAcreateserial",
        "-out",
        path(`${name}.pem`),
        "-days",
        "1",
        "-extfile",
        path(`${name}.ext`),
      ]);
      return { key: readFileSync(path(`${name}-key.pem`), "utf8"), cert: readFileSync(path(`${name}.pem`), "utf8") };
    },
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}
