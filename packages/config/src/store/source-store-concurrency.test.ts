import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createTestRegistry, testOpenAuth } from "../../test/auth-plugins";
import { runChild } from "../../test/run-child";
import { useTemporaryHome } from "../../test/temporary-home";
import { createSourceStore } from "./source-store";

const children = 6;
const writesPerChild = 20;

describe("several processes writing the same source at once", () => {
  const temporaryHome = useTemporaryHome();

  it(`loses no update: ${children} processes x ${writesPerChild} update() + setStatus() each on one slug`, async () => {
    const home = await temporaryHome();
    const store = createSourceStore({ home, registry: createTestRegistry().with(testOpenAuth) });
    const created = await store.create({
      type: "api",
      name: "Shared",
      api: { baseUrl: "http://127.0.0.1:9/v1", authType: "open", testEndpoint: "/me" },
    });

    const runs = Array.from({ length: children }, (_, child) =>
      runChild("write-markers.ts", [home, created.slug, String(child), String(writesPerChild)]),
    );
    await Promise.all(runs.map((run) => run.waitForLine("ready")));
    for (const run of runs) run.sendLastLine("go");
    const results = await Promise.all(runs.map((run) => run.exited));
    expect(results.map(({ code, stderr }) => ({ code, stderr }))).toEqual(results.map(() => ({ code: 0, stderr: "" })));

    const final = await store.get(created.slug);
    // Every child's last update is present: no process overwrote another's change with an older copy.
    const markers = Object.fromEntries(
      Array.from({ length: children }, (_, child) => [`marker${child}`, writesPerChild]),
    );
    expect(final.api).toMatchObject(markers);
    // setStatus() merged into the status block without undoing the updates, and the last status write is one child's last.
    expect(final.status.lastError).toMatch(new RegExp(`^child-\\d-${writesPerChild}$`));
    expect(final).toMatchObject({ id: created.id, createdAt: created.createdAt, name: "Shared", enabled: true });
    expect(final.updatedAt > created.updatedAt).toBe(true);
    // Nothing left behind: no temporary file, no lock.
    expect(await readdir(store.directoryOf(created.slug))).toEqual(["config.json"]);
    expect(await readdir(join(store.sourcesDirectory, ".locks"))).toEqual([]);
    expect(JSON.parse(await readFile(store.fileOf(created.slug), "utf8"))).toEqual(final);
    // Six children start through tsx: about 12 s alone, over 30 s in a full run on a busy two-core machine.
  }, 120_000);
});
