import type { SignInStore, StoredSignIn } from "@src/auth";
import type { Sql } from "postgres";

/**
 * The sign-ins in progress of every replica, in `src_sign_ins` (migration 4):
 * a redirect or a device poll that reaches any replica finds the sign-in
 * another one started. Each change is a compare-and-set on `revision` in one
 * statement. A record holds no secret in clear (see `StoredSignIn`).
 */
export function createPostgresSignInStore(sql: Sql): SignInStore {
  return {
    async insert(record) {
      await sql`insert into src_sign_ins (id, record, revision, keep_until) values (${record.id}, ${sql.json(record as never)}, ${record.revision}, ${record.keepUntil})
        on conflict (id) do update set record = excluded.record, revision = excluded.revision, keep_until = excluded.keep_until`;
    },
    async get(id) {
      const [row] = await sql<{ record: StoredSignIn }[]>`select record from src_sign_ins where id = ${id}`;
      return row?.record;
    },
    async update(record) {
      const rows =
        await sql`update src_sign_ins set record = ${sql.json(record as never)}, revision = ${record.revision}, keep_until = ${record.keepUntil}
        where id = ${record.id} and revision = ${record.revision - 1} returning id`;
      return rows.length === 1;
    },
    async sweep(now) {
      await sql`delete from src_sign_ins where keep_until < ${now}`;
    },
  };
}
