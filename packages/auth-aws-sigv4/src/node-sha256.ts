import { createHash, createHmac, type Hash, type Hmac } from "node:crypto";

type SourceData = string | ArrayBuffer | ArrayBufferView;

function toBuffer(data: SourceData): Buffer {
  if (typeof data === "string") return Buffer.from(data, "utf8");
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

/**
 * SHA-256 (or HMAC-SHA256 with a key) on Node's own crypto, in the shape
 * `@smithy/signature-v4` takes as its `sha256` option: the signer does the
 * protocol, this only hashes.
 */
export class NodeSha256 {
  private hash: Hash | Hmac;
  private readonly secret: SourceData | undefined;

  constructor(secret?: SourceData) {
    this.secret = secret;
    this.hash = NodeSha256.create(secret);
  }

  private static create(secret: SourceData | undefined): Hash | Hmac {
    return secret === undefined ? createHash("sha256") : createHmac("sha256", toBuffer(secret));
  }

  update(data: SourceData): void {
    this.hash.update(toBuffer(data));
  }

  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }

  reset(): void {
    this.hash = NodeSha256.create(this.secret);
  }
}
