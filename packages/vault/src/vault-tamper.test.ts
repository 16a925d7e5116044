import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { beforeEach, describe, expect, it } from "vitest";
import { openVault, VAULT_ERROR_CODES, VAULT_FORMAT_VERSION, VaultError } from "@src/vault";
import { createTemporaryHome, testScryptCost, useTemporaryHome } from "../test/helpers";

interface StoredEntry {
  nonce: string;
  tag: string;
  ciphertext: string;
  updatedAt: string;
}
interface StoredVault {
  vaultId: string;
  kdf: { name: string; salt: string; N: number; r: number; p: number };
  keyCheck: string;
  entries: Record<string, StoredEntry>;
  [field: string]: unknown;
}

const passphraseEnv = { SRC_VAULT_PASSPHRASE: "tamper test passphrase" };
const detectedCodes: string[] = [
  VAULT_ERROR_CODES.DAMAGED,
  VAULT_ERROR_CODES.WRONG_KEY,
  VAULT_ERROR_CODES.UNSUPPORTED_VERSION,
];

let home: string;
let file: string;
let original: string;
useTemporaryHome((made) => ({ home, file } = made));
beforeEach(async () => {
  const vault = await openVault({ home, env: passphraseEnv, scryptCost: testScryptCost });
  await vault.set("alpha", { token: "alpha-secret-value" });
  await vault.set("beta", { token: "beta-secret-value" });
  original = await readFile(file, "utf8");
});

const stored = () => JSON.parse(original) as StoredVault;

/** Writes `contents` and expects opening the vault to fail with a vault error of a detection code. */
async function expectDetected(contents: string | Buffer, expectedCode?: string): Promise<VaultError> {
  await writeFile(file, contents);
  const error = await openVault({ home, env: passphraseEnv, scryptCost: testScryptCost }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(VaultError.isInstance(error), `not detected: ${contents.toString().slice(0, 200)}`).toBe(true);
  const vaultError = error as VaultError;
  if (expectedCode === undefined) expect(detectedCodes).toContain(vaultError.code);
  else expect(vaultError.code).toBe(expectedCode);
  return vaultError;
}

function flipByte(base64: string, index: number): string {
  const bytes = Buffer.from(base64, "base64");
  bytes[index]! ^= 0x01;
  return bytes.toString("base64");
}

describe("tampering is detected", () => {
  it.each(["nonce", "tag", "ciphertext"] as const)("flipping any single byte of an entry's %s", async (field) => {
    const length = Buffer.from(stored().entries.alpha![field], "base64").length;
    for (let index = 0; index < length; index += 1) {
      const edited = stored();
      edited.entries.alpha![field] = flipByte(edited.entries.alpha![field], index);
      const error = await expectDetected(JSON.stringify(edited), VAULT_ERROR_CODES.DAMAGED);
      expect(error.message).toContain("entries.alpha");
    }
  });

  it("flipping any single byte of entriesMac", async () => {
    const length = Buffer.from(stored().entriesMac as string, "base64").length;
    for (let index = 0; index < length; index += 1) {
      const edited = stored();
      edited.entriesMac = flipByte(edited.entriesMac as string, index);
      const error = await expectDetected(JSON.stringify(edited), VAULT_ERROR_CODES.DAMAGED);
      expect(error.message).toContain("entriesMac");
    }
  });

  it.each(["vaultId", "keyCheck", "kdf.salt"] as const)(
    "flipping any single byte of the header's %s",
    async (field) => {
      const read = (vault: StoredVault) => (field === "kdf.salt" ? vault.kdf.salt : vault[field]);
      const length = Buffer.from(read(stored()), "base64").length;
      for (let index = 0; index < length; index += 1) {
        const edited = stored();
        if (field === "kdf.salt") edited.kdf.salt = flipByte(edited.kdf.salt, index);
        else edited[field] = flipByte(edited[field], index);
        await expectDetected(JSON.stringify(edited), VAULT_ERROR_CODES.WRONG_KEY);
      }
    },
  );

  it.each([
    { why: "a higher scrypt N", edit: (vault: StoredVault) => void (vault.kdf.N *= 2) },
    { why: "a lower scrypt N", edit: (vault: StoredVault) => void (vault.kdf.N /= 2) },
    { why: "an N that is not a power of two", edit: (vault: StoredVault) => void (vault.kdf.N += 1) },
    { why: "another r", edit: (vault: StoredVault) => void (vault.kdf.r += 1) },
    { why: "another p", edit: (vault: StoredVault) => void (vault.kdf.p += 1) },
    {
      why: "kdf none instead of scrypt",
      edit: (vault: StoredVault) => void (vault.kdf = { name: "none" } as StoredVault["kdf"]),
    },
    { why: "an older version", edit: (vault: StoredVault) => void (vault.version = 0) },
    { why: "a newer version", edit: (vault: StoredVault) => void (vault.version = VAULT_FORMAT_VERSION + 1) },
    {
      why: "downgraded to version 1 (no entriesMac)",
      edit: (vault: StoredVault) => void ((vault.version = 1), delete vault.entriesMac, delete vault.generation),
    },
    { why: "downgraded to version 1, entriesMac kept", edit: (vault: StoredVault) => void (vault.version = 1) },
    { why: "entriesMac removed", edit: (vault: StoredVault) => void delete vault.entriesMac },
    {
      why: "another generation",
      edit: (vault: StoredVault) => void (vault.generation = (vault.generation as number) + 1),
    },
    { why: "another format name", edit: (vault: StoredVault) => void (vault.format = "src-vaulu") },
    {
      why: "an edited updatedAt",
      edit: (vault: StoredVault) => void (vault.entries.alpha!.updatedAt = "2001-01-01T00:00:00.000Z"),
    },
    {
      why: "an entry moved to another slug",
      edit: (vault: StoredVault) => void ((vault.entries.gamma = vault.entries.alpha!), delete vault.entries.alpha),
    },
    {
      why: "an entry copied under another slug",
      edit: (vault: StoredVault) => void (vault.entries.gamma = vault.entries.alpha!),
    },
    {
      why: "two entries' ciphertexts swapped",
      edit: (vault: StoredVault) =>
        void ([vault.entries.alpha!.ciphertext, vault.entries.beta!.ciphertext] = [
          vault.entries.beta!.ciphertext,
          vault.entries.alpha!.ciphertext,
        ]),
    },
    {
      why: "two whole entries swapped",
      edit: (vault: StoredVault) =>
        void ([vault.entries.alpha, vault.entries.beta] = [vault.entries.beta!, vault.entries.alpha!]),
    },
    {
      why: "a truncated tag",
      edit: (vault: StoredVault) => void (vault.entries.alpha!.tag = vault.entries.alpha!.tag.slice(0, 12)),
    },
  ])("$why", async ({ edit }) => {
    const edited = stored();
    edit(edited);
    await expectDetected(JSON.stringify(edited));
  });

  it("an entry copied from another vault with the same key", async () => {
    const key = randomBytes(32).toString("base64");
    const other = await createTemporaryHome();
    try {
      const first = await openVault({ home, file: `${home}/first.json`, env: { SRC_VAULT_KEY: key } });
      await first.set("alpha", { token: "first" });
      const second = await openVault({ home: other.home, env: { SRC_VAULT_KEY: key } });
      await second.set("alpha", { token: "second" });
      const firstStored = JSON.parse(await readFile(first.file, "utf8")) as StoredVault;
      const secondStored = JSON.parse(await readFile(second.file, "utf8")) as StoredVault;
      firstStored.entries.alpha = secondStored.entries.alpha!;
      await writeFile(first.file, JSON.stringify(firstStored));
      await expect(openVault({ home, file: first.file, env: { SRC_VAULT_KEY: key } })).rejects.toMatchObject({
        code: VAULT_ERROR_CODES.DAMAGED,
      });
    } finally {
      await other.cleanup();
    }
  });

  // One open of the vault per byte of the file (about a thousand): two seconds on an idle machine, thirty on the CI's
  // busy one, where the default timeout cut it off and its loop, still running, tampered with the next test's file.
  it("flipping the low bit of any byte of the file, anywhere", { timeout: 180_000 }, async () => {
    const bytes = Buffer.from(original, "utf8");
    for (let index = 0; index < bytes.length; index += 1) {
      const edited = Buffer.from(bytes);
      edited[index]! ^= 0x01;
      await expectDetected(edited);
    }
  });
});
