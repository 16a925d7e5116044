// Prints unlock time (key file, passphrase at the default scrypt cost), get/s
// after unlock, and set/s with 1,000 entries in the vault. Not a test: numbers
// depend on the machine (set/s is bound by fsync).
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { defaultScryptCost, openVault } from "@src/vault";

const home = await mkdtemp(path.join(os.tmpdir(), "src-vault-bench-"));

async function timed<T>(action: () => Promise<T>): Promise<{ result: T; milliseconds: number }> {
  const start = performance.now();
  const result = await action();
  return { result, milliseconds: performance.now() - start };
}

async function median(runs: number, action: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) times.push((await timed(action)).milliseconds);
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

try {
  const keyFileHome = path.join(home, "key-file");
  const seeded = await openVault({ home: keyFileHome, env: {} });
  await seeded.set("github", { token: "bench-token" });
  const keyFileUnlock = await median(5, () => openVault({ home: keyFileHome, env: {} }));

  const passphraseHome = path.join(home, "passphrase");
  const passphraseEnv = { SRC_VAULT_PASSPHRASE: "a bench passphrase" };
  await (await openVault({ home: passphraseHome, env: passphraseEnv })).set("github", { token: "bench-token" });
  const passphraseUnlock = await median(5, () => openVault({ home: passphraseHome, env: passphraseEnv }));

  const vault = await openVault({ home: keyFileHome, env: {} });
  const gets = 20_000;
  const getTime = await timed(async () => {
    for (let index = 0; index < gets; index += 1) await vault.get("github");
  });

  for (let index = 0; index < 1_000; index += 1) await vault.set(`seed-${index}`, { token: `token-${index}` });
  const sets = 100;
  const setTime = await timed(async () => {
    for (let index = 0; index < sets; index += 1) await vault.set(`seed-${index}`, { token: `new-token-${index}` });
  });

  const { N, r, p } = defaultScryptCost;
  console.log(`unlock with key file:            ${keyFileUnlock.toFixed(1)} ms (median of 5)`);
  console.log(
    `unlock with passphrase:          ${passphraseUnlock.toFixed(1)} ms (median of 5; scrypt N=2^${Math.log2(N)}, r=${r}, p=${p})`,
  );
  console.log(`get after unlock:                ${Math.round(gets / (getTime.milliseconds / 1000))} /s`);
  console.log(
    `set with 1,000 entries in vault: ${Math.round(sets / (setTime.milliseconds / 1000))} /s (each set is locked, re-read, fsynced)`,
  );
} finally {
  await rm(home, { recursive: true, force: true });
}
