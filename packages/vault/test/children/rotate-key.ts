// Child process: opens the vault with SRC_VAULT_KEY and rotates it to the key
// in SRC_VAULT_NEW_KEY (base64). Prints "ready" before rotating, "rotated" after.
import { openVault } from "@src/vault";

const vault = await openVault();
process.stdout.write("ready\n");
await vault.rotate({ kind: "key", key: Buffer.from(process.env.SRC_VAULT_NEW_KEY ?? "", "base64") });
process.stdout.write("rotated\n");
