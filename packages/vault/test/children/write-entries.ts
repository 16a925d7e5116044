// Child process: opens the vault in SRC_HOME (key from the environment or the
// default key file) and sets `count` entries "<prefix>-<i>", printing each slug
// right after its `set` resolved. Prints "ready" once the vault is open.
import { openVault } from "@src/vault";

const [prefix = "entry", countText = "25"] = process.argv.slice(2);
const vault = await openVault({ lockTimeoutMs: 60_000 });
process.stdout.write("ready\n");
for (let index = 0; index < Number(countText); index += 1) {
  const slug = `${prefix}-${index}`;
  await vault.set(slug, { token: `secret-${slug}`, note: "ünïcødé ✓" });
  process.stdout.write(`${slug}\n`);
}
process.stdout.write("done\n");
