import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { expect, it } from "vitest";
import { useContractHomes } from "../../test/contract-homes";
import { describeConnectLinkStoreContract } from "../testing";
import { createFileConnectLinkStore } from "./file-connect-link-store";

// The shared contract (also run against the PostgreSQL store by @src/store-postgres): a fresh SRC_HOME per test, and
// "same" is a second store on that home, as a second process on the home would open it.
const homeFor = useContractHomes();

describeConnectLinkStoreContract("the file store (connect-links.json under SRC_HOME)", {
  open: async (place) => createFileConnectLinkStore({ home: await homeFor(place) }),
});

it("keeps the file readable by its owner only, and at most maxLinks links (the oldest go first)", async () => {
  const home = await homeFor("fresh");
  const store = createFileConnectLinkStore({ home, maxLinks: 3 });
  const now = Date.now();
  for (const sha256 of ["a1", "b2", "c3", "d4"])
    await store.insert({ sha256, slug: "s", principal: "local", expiresAtMs: now + 60_000 }, now);
  const file = join(home, "connect-links.json");
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const stored = JSON.parse(await readFile(file, "utf8")) as { links: { sha256: string }[] };
  expect(stored.links.map((link) => link.sha256)).toEqual(["b2", "c3", "d4"]);
  expect(await store.get("a1")).toBeUndefined();
});
