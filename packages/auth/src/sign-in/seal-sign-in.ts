import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

/** The id a sign-in is stored under: SHA-256 of its state, hex. Knowing it does not let anyone finish the sign-in. */
export function signInIdOf(state: string): string {
  return createHash("sha256").update(state, "utf8").digest("hex");
}

function keyOf(state: string, id: string): Buffer {
  return Buffer.from(
    hkdfSync("sha256", Buffer.from(state, "utf8"), Buffer.from("src sign-in v1", "utf8"), Buffer.from(id, "utf8"), 32),
  );
}

/** Seals `value` (JSON) with AES-256-GCM under a key derived from `state` (HKDF-SHA256); the id and slug are bound as associated data. */
export function sealSignIn(state: string, slug: string, value: unknown): string {
  const id = signInIdOf(state);
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(state, id), nonce);
  cipher.setAAD(Buffer.from(`${id}\n${slug}`, "utf8"));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]).toString("base64url");
}

/** Opens what `sealSignIn` sealed; `undefined` when the state, id or slug do not match (or the text was changed). */
export function openSignIn(state: string, slug: string, sealed: string): unknown {
  const id = signInIdOf(state);
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < 12 + 16) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(state, id), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`${id}\n${slug}`, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
      "utf8",
    );
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
