// Mutation testing of the vault's cipher, MAC, key handling and file format: `pnpm mutation`
// (not part of `pnpm test`).
import { createMutationConfig } from "@src/stryker-config";

export default createMutationConfig({
  mutate: [
    "src/entry-cipher.ts",
    "src/entries-mac.ts",
    "src/key-derivation.ts",
    "src/key-source.ts",
    "src/vault-format.ts",
    "src/verify-vault-document.ts",
    "src/redacted-credential.ts",
    "src/slug.ts",
  ],
  // Key derivation (scrypt) makes some tests slower than the request builder's.
  timeoutMS: 5_000,
});
