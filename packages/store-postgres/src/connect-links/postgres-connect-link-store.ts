import { openConnectLinksPerPrincipal, type ConnectLinkStore, type StoredConnectLink } from "@src/config";
import type { Sql } from "postgres";

interface ConnectLinkRow {
  sha256: string;
  slug: string;
  principal: string;
  state: StoredConnectLink["state"];
  expires_at_ms: string;
  keep_until_ms: string;
}

const linkOf = (row: ConnectLinkRow): StoredConnectLink => ({
  sha256: row.sha256,
  slug: row.slug,
  principal: row.principal,
  state: row.state,
  expiresAtMs: Number(row.expires_at_ms),
  keepUntilMs: Number(row.keep_until_ms),
});

/**
 * The connect links of per-user sources of every replica, in `src_connect_links` (migration 6): a link issued by one
 * replica is opened, taken and waited for through any other. Each change is one conditional `update`: of two replicas
 * taking one link, PostgreSQL's row lock lets exactly one match `state = 'open'`. A row holds the SHA-256 of the
 * link's token, never the token.
 */
export function createPostgresConnectLinkStore(sql: Sql): ConnectLinkStore {
  return {
    async insert(link, nowMs) {
      await sql`delete from src_connect_links where keep_until_ms < ${nowMs}`;
      // One transaction a source and principal at a time (a transaction-scoped advisory lock on the pair): of the
      // links replicas issue at once, each last one issued and the newest others stay open, no more and no fewer.
      await sql.begin(async (transaction) => {
        await transaction`select pg_advisory_xact_lock(hashtextextended(${`${link.slug}\n${link.principal}`}, 0))`;
        await transaction`insert into src_connect_links (sha256, slug, principal, state, expires_at_ms, keep_until_ms)
          values (${link.sha256}, ${link.slug}, ${link.principal}, 'open', ${link.expiresAtMs}, ${link.expiresAtMs})
          on conflict (sha256) do update set slug = excluded.slug, principal = excluded.principal, state = 'open',
            expires_at_ms = excluded.expires_at_ms, keep_until_ms = excluded.keep_until_ms`;
        // The open links of this source and principal beyond this one and the newest others go: an agent calling again
        // and again while its person does not connect leaves at most `openConnectLinksPerPrincipal` rows.
        await transaction`delete from src_connect_links
          where slug = ${link.slug} and principal = ${link.principal} and state = 'open' and sha256 <> ${link.sha256}
            and sha256 not in (select sha256 from src_connect_links
              where slug = ${link.slug} and principal = ${link.principal} and state = 'open' and sha256 <> ${link.sha256}
              order by expires_at_ms desc, sha256 limit ${openConnectLinksPerPrincipal - 1})`;
      });
    },
    async get(sha256) {
      const [row] = await sql<ConnectLinkRow[]>`select * from src_connect_links where sha256 = ${sha256}`;
      return row === undefined ? undefined : linkOf(row);
    },
    async take(sha256, nowMs) {
      const [row] = await sql<ConnectLinkRow[]>`update src_connect_links set state = 'taken'
        where sha256 = ${sha256} and state = 'open' and expires_at_ms > ${nowMs} returning *`;
      return row === undefined ? undefined : linkOf(row);
    },
    async putBack(sha256, nowMs) {
      await sql`update src_connect_links set state = 'open'
        where sha256 = ${sha256} and state = 'taken' and expires_at_ms > ${nowMs}`;
    },
    async markConnected(sha256, keepUntilMs) {
      await sql`update src_connect_links set state = 'connected', keep_until_ms = ${keepUntilMs}
        where sha256 = ${sha256} and state = 'taken'`;
    },
  };
}
