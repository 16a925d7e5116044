/** A running server on 127.0.0.1: its origin (`http://127.0.0.1:<port>`), and how to stop it. */
export interface RealServer {
  readonly origin: string;
  stop(): Promise<void>;
}

/** httpbin (Debian's python3-httpbin, HTTP Digest among others) on a free loopback port; `.ci/run` installs it. `SRC_TEST_PYTHON` names another python. */
export function startHttpbin(): Promise<RealServer>;

/** s3rver's own key pair: it checks every signature against it. */
export const s3rverKeys: { readonly accessKeyId: "S3RVER"; readonly secretAccessKey: "S3RVER" };

/** A running S3 emulator with one bucket. */
export interface S3Emulator extends RealServer {
  readonly bucket: string;
}

/** An S3 emulator (@20minutes/s3rver, verifies Signature V4) on a free loopback port with `bucket`, its files in a temp dir. */
export function startS3(bucket?: string): Promise<S3Emulator>;

/** The external auth plugin in its own folder: `file` is what SRC_AUTH_PLUGINS names. */
export interface ExternalPlugin {
  readonly directory: string;
  readonly file: string;
  cleanup(): Promise<void>;
}

/**
 * Writes a team's own auth mode (`key-pair`: two secret credential fields and one plain api field, written from
 * `@src/auth`'s README alone, as built JavaScript) into a new folder under the OS temp directory, outside the
 * repository, with node_modules/@src/auth (the built package) and node_modules/zod linked.
 */
export function writeExternalPlugin(): Promise<ExternalPlugin>;
