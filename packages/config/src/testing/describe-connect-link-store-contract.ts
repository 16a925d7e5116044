import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Of } from "../access/access-records";
import { openConnectLinksPerPrincipal, type ConnectLinkStore } from "../connect-links/connect-link-store";

/** How the contract reaches the connect link store under test. */
export interface ConnectLinkStoreContractOptions {
  /**
   * A store. `place: "fresh"` opens it on a new, empty place (a new `SRC_HOME`, a new database); `place: "same"` opens
   * another instance on the place of the last fresh one, as a second process or replica would.
   */
  readonly open: (place: "fresh" | "same") => Promise<ConnectLinkStore>;
}

const minutes = 60_000;
const newHash = (): string => sha256Of(`srcc_${randomBytes(24).toString("base64url")}`);

/** The behaviour the server relies on from any `ConnectLinkStore`: links taken once across processes, expiring, put back, connected. */
export function describeConnectLinkStoreContract(name: string, { open }: ConnectLinkStoreContractOptions): void {
  /** Two instances on one fresh place, and a link for `slug` and `principal` inserted through the first, open for 10 minutes. */
  async function linkOnTwoInstances(slug: string, principal: string) {
    const first = await open("fresh");
    const second = await open("same");
    const now = Date.now();
    const sha256 = newHash();
    await first.insert({ sha256, slug, principal, expiresAtMs: now + 10 * minutes }, now);
    return { first, second, now, sha256 };
  }

  describe(`${name}: the connect link store contract`, () => {
    it("keeps a link by its hash, bound to its source and principal, taken once", async () => {
      const store = await open("fresh");
      const now = Date.now();
      const sha256 = newHash();
      await store.insert({ sha256, slug: "github", principal: "idp:alice", expiresAtMs: now + 10 * minutes }, now);
      expect(await store.get(sha256)).toEqual({
        sha256,
        slug: "github",
        principal: "idp:alice",
        expiresAtMs: now + 10 * minutes,
        state: "open",
        keepUntilMs: now + 10 * minutes,
      });
      expect(await store.get(newHash())).toBeUndefined();
      expect(await store.take(sha256, now)).toMatchObject({ slug: "github", principal: "idp:alice", state: "taken" });
      expect(await store.take(sha256, now)).toBeUndefined();
      expect((await store.get(sha256))?.state).toBe("taken");
    });

    it("gives a link to exactly one of many takes at once through two instances on one place", async () => {
      const { first, second, now, sha256 } = await linkOnTwoInstances("github", "token:bob");
      const takes = await Promise.all(
        Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? first : second).take(sha256, now)),
      );
      expect(takes.filter((taken) => taken !== undefined)).toHaveLength(1);
      expect(await second.take(sha256, now)).toBeUndefined();
    });

    it("refuses to take an expired link, and puts back only an unexpired taken one", async () => {
      const store = await open("fresh");
      const now = Date.now();
      const expired = newHash();
      await store.insert({ sha256: expired, slug: "s", principal: "local", expiresAtMs: now + 1000 }, now);
      expect(await store.take(expired, now + 1000)).toBeUndefined();

      const failed = newHash();
      await store.insert({ sha256: failed, slug: "s", principal: "local", expiresAtMs: now + 10 * minutes }, now);
      expect(await store.take(failed, now)).toBeDefined();
      await store.putBack(failed, now);
      expect((await store.get(failed))?.state).toBe("open");
      expect(await store.take(failed, now)).toBeDefined();
      await store.putBack(failed, now + 10 * minutes);
      expect((await store.get(failed))?.state).toBe("taken");
      // Putting back an open link or a connected one changes nothing.
      const open_ = newHash();
      await store.insert({ sha256: open_, slug: "s", principal: "local", expiresAtMs: now + 10 * minutes }, now);
      await store.putBack(open_, now);
      expect((await store.get(open_))?.state).toBe("open");
    });

    it("marks a taken link connected, seen through another instance, and kept until its keep-until", async () => {
      const { first, second, now, sha256 } = await linkOnTwoInstances("jira", "grant:carol");
      // Only a taken link becomes connected.
      await first.markConnected(sha256, now + 20 * minutes);
      expect((await second.get(sha256))?.state).toBe("open");
      expect(await second.take(sha256, now)).toBeDefined();
      await second.markConnected(sha256, now + 20 * minutes);
      expect(await first.get(sha256)).toMatchObject({ state: "connected", keepUntilMs: now + 20 * minutes });
      await first.putBack(sha256, now);
      expect(await first.take(sha256, now)).toBeUndefined();
      expect((await second.get(sha256))?.state).toBe("connected");

      // A later insert drops what is past its keep-until, and only that.
      const later = newHash();
      await first.insert(
        { sha256: later, slug: "jira", principal: "grant:dan", expiresAtMs: now + 30 * minutes },
        now + 15 * minutes,
      );
      expect(await second.get(sha256)).toBeDefined();
      await first.insert(
        { sha256: newHash(), slug: "jira", principal: "grant:erin", expiresAtMs: now + 40 * minutes },
        now + 21 * minutes,
      );
      expect(await second.get(sha256)).toBeUndefined();
      expect(await second.get(later)).toBeDefined();
    });

    it(`keeps at most ${openConnectLinksPerPrincipal} open links of one principal for one source: a new one drops the oldest open one`, async () => {
      const first = await open("fresh");
      const second = await open("same");
      const now = Date.now();
      // Issued one a second, as an agent calling again and again while its person does not connect; through both instances.
      const issued = Array.from({ length: openConnectLinksPerPrincipal + 3 }, () => newHash());
      const taken = newHash();
      await first.insert(
        { sha256: taken, slug: "github", principal: "token:bob", expiresAtMs: now + 10 * minutes },
        now,
      );
      expect(await first.take(taken, now)).toBeDefined();
      const others = [
        { sha256: newHash(), slug: "github", principal: "token:carol" },
        { sha256: newHash(), slug: "jira", principal: "token:bob" },
      ];
      for (const other of others) await first.insert({ ...other, expiresAtMs: now + 10 * minutes }, now);
      for (const [index, sha256] of issued.entries()) {
        const at = now + (index + 1) * 1000;
        await (index % 2 === 0 ? first : second).insert(
          { sha256, slug: "github", principal: "token:bob", expiresAtMs: at + 10 * minutes },
          at,
        );
      }
      const kept = issued.slice(-openConnectLinksPerPrincipal);
      for (const sha256 of issued) {
        const link = await second.get(sha256);
        if (kept.includes(sha256)) expect(link?.state).toBe("open");
        else expect(link).toBeUndefined();
      }
      expect(await second.take(issued[0]!, now + 2000)).toBeUndefined();
      // The link being connected, the same principal's link for another source and another principal's stay.
      expect((await second.get(taken))?.state).toBe("taken");
      for (const other of others) expect((await second.get(other.sha256))?.state).toBe("open");
    });
  });
}
